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
        #expect(result.sessions[0].tag == "a b")
        #expect(result.sessions[0].startedAt == FocusTestSupport.instant("2024-03-31T00:30:00Z"))
        #expect(result.sessions[0].durationSeconds(at: Date()) == 3600)
        #expect(result.sessions[0].importKey == "timew:20240331T003000Z/20240331T013000Z/a b")
    }

    @Test func watsonFrames() throws {
        let data = Data(#"[[1711845000, 1711848600.5, "thesis", "c0ffee", ["draft"], 1711848600]]"#.utf8)
        let result = try FocusImport.sessions(from: data)
        #expect(result.format == .watson)
        #expect(result.sessions.first?.tag == "thesis")
        #expect(result.sessions.first?.importKey == "watson:c0ffee")
        #expect(result.sessions.first?.durationSeconds(at: Date()) == 3600.5)
    }

    @Test func tempoCSVWithAQuotedTag() throws {
        let csv = #"""
            id,tag,started_at,stopped_at,duration_s,segments
            6f1c7c1e-8d9a-4d55-a0c1-2b3c4d5e6f70,"math, ""hard""",2024-05-01T08:00:00Z,2024-05-01T09:00:00Z,3000,2024-05-01T08:00:00Z/2024-05-01T08:30:00Z 2024-05-01T08:40:00Z/2024-05-01T09:00:00Z
            """#
        let result = try FocusImport.sessions(from: Data(csv.utf8))
        #expect(result.format == .tempoCSV)
        #expect(result.sessions.first?.tag == #"math, "hard""#)
        #expect(result.sessions.first?.stopwatch.segments.count == 2)
        #expect(result.sessions.first?.durationSeconds(at: Date()) == 3000)
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
