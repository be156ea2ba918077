import Foundation
import Testing
import TempoKit

@Suite struct FocusImportTests {
    @Test func timewarriorIntervalsOpenOnesSkipped() throws {
        let data = Data(#"[{"id":2,"start":"20240331T003000Z","end":"20240331T013000Z","tags":["a","b"]},{"id":1,"start":"20240401T100000Z"}]"#.utf8)
        let result = try FocusImport.sessions(from: data)
        #expect(result.format == .timewarrior)
        #expect(result.skipped == 1)
        #expect(result.sessions.count == 1)
        #expect(result.sessions[0].tags == ["a", "b"])
        #expect(result.sessions[0].startedAt == FocusTestSupport.instant("2024-03-31T00:30:00Z"))
        #expect(result.sessions[0].duration(at: Date()) == .seconds(3600))
        #expect(result.sessions[0].importKey == "timew:20240331T003000Z/20240331T013000Z/a b")
    }

    @Test func watsonFrames() throws {
        let data = Data(#"[[1711845000, 1711848600.5, "thesis", "c0ffee", ["draft"], 1711848600]]"#.utf8)
        let result = try FocusImport.sessions(from: data)
        #expect(result.format == .watson)
        #expect(result.sessions.first?.tags == ["thesis", "draft"])  // the project, then the frame's tags
        #expect(result.sessions.first?.importKey == "watson:c0ffee")
        #expect(result.sessions.first?.duration(at: Date()) == .seconds(3600.5))
    }

    @Test func tempoCSVWithAQuotedTag() throws {
        let csv = #"""
            id,tag,started_at,stopped_at,duration_s,segments
            6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70,"math, ""hard""",2024-05-01T08:00:00Z,2024-05-01T09:00:00Z,3000,2024-05-01T08:00:00Z/2024-05-01T08:30:00Z 2024-05-01T08:40:00Z/2024-05-01T09:00:00Z
            """#
        let result = try FocusImport.sessions(from: Data(csv.utf8))
        #expect(result.format == .tempoCSV)
        #expect(result.sessions.first?.tags == [#"math, "hard""#])  // the older one-tag header
        #expect(result.sessions.first?.stopwatch.segments.count == 2)
        #expect(result.sessions.first?.duration(at: Date()) == .seconds(3000))
    }

    @Test func tempoCSVWithSeveralTags() throws {
        let csv = """
            id,tags,started_at,stopped_at,duration_s,segments
            6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70,thesis;writing,2024-05-01T08:00:00Z,2024-05-01T09:00:00Z,3600,2024-05-01T08:00:00Z/2024-05-01T09:00:00Z
            """
        #expect(try FocusImport.sessions(from: Data(csv.utf8)).sessions.first?.tags == ["thesis", "writing"])
    }

    @Test func tempoJSONOfVersionOneKeepsItsTagAndLaterOnesTheirTags() throws {
        let segment = #""segments":[{"start":"2024-05-01T08:00:00Z","end":"2024-05-01T09:00:00Z"}],"stopped_at":"2024-05-01T09:00:00Z""#
        let old = #"{"sessions":[{"id":"6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70","tag":"math","# + segment + "}]}"
        let new = #"{"sessions":[{"id":"6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70","tag":"math","tags":["math","exam"],"# + segment + "}]}"
        #expect(try FocusImport.sessions(from: Data(old.utf8)).sessions.first?.tags == ["math"])
        #expect(try FocusImport.sessions(from: Data(new.utf8)).sessions.first?.tags == ["math", "exam"])
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("{", "unreadable JSON"),
        (#"{"a":1}"#, "expected a Tempo export"),
        (#"[{"start":"yesterday","end":"20240101T000000Z"}]"#, "record 1:"),
        (#"[{"start":"20240102T000000Z","end":"20240101T000000Z"}]"#, "record 1:"),
        (#"[[1, 2, "p", "x"], [5, 3, "p", "y"]]"#, "record 2: the frame stops before it starts"),
        (#"{"sessions":[{"id":"nope","segments":[]}]}"#, "record 1: a session needs an id"),
    ])
    func malformedFilesAreRefusedNamingTheRecord(text: String, message: String) {
        let error = #expect(throws: FocusImportError.self) { try FocusImport.sessions(from: Data(text.utf8)) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }
}
