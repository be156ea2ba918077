import Foundation
import Testing

/// `focus log`, `edit`, `delete`, `continue`, `--at`, `--duration` and human time entry: the
/// built binary on a temporary store at fixed instants (Europe/Berlin, CET in November).
@Suite(.serialized) struct FocusHistoryTests {
    /// Wednesday 2026-11-25 12:00 in Berlin.
    static let noon = "2026-11-25T11:00:00Z"

    static func store() throws -> FocusBinary {
        let tempo = try FocusBinary(now: noon)
        #expect(try tempo.run("focus", "config", "--tz", "Europe/Berlin").status == 0)
        return tempo
    }

    static func logJSON(_ tempo: FocusBinary, _ arguments: String...) throws -> [[String: Any]] {
        let result = try tempo.run(["focus", "log", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    @Test func humanTimesOnAddAndAtOnStartStop() throws {
        let tempo = try Self.store()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "add", "--start", "yesterday 9:00", "--duration", "1h30m", "--tag", "thesis", "--tag", "writing").status == 0)
        #expect(try tempo.run("focus", "add", "--start", "monday 14:30", "--end", "monday 15:00").status == 0)
        #expect(try tempo.run("focus", "start", "math", "--at", "09:00").status == 0)
        #expect(try tempo.run("focus", "pause", "--at", "10:00").status == 0)
        #expect(try tempo.run("focus", "resume", "--at", "10:15").status == 0)
        #expect(try tempo.run("focus", "stop", "--at", "-15m").status == 0)
        let log = try Self.logJSON(tempo)
        #expect(log.map { $0["started_at"] as? String } == ["2026-11-23T13:30:00Z", "2026-11-24T08:00:00Z", "2026-11-25T08:00:00Z"])
        #expect(log.map { $0["stopped_at"] as? String } == ["2026-11-23T14:00:00Z", "2026-11-24T09:30:00Z", "2026-11-25T10:45:00Z"])
        #expect(log.map { $0["duration_s"] as? Double } == [1800, 5400, 3600 + 5400])  // 09:00–10:00, 10:15–11:45
        #expect(log.map { $0["tags"] as? [String] ?? ["?"] } == [[], ["thesis", "writing"], ["math"]])
        // Text: local times in the focus zone, H:MM:SS, tags.
        let text = try tempo.run("focus", "log", "--from", "2026-11-24", "--to", "2026-11-24").stdout
        let line = try #require(text.split(separator: "\n").last)
        #expect(line.hasPrefix(String(try #require(log[1]["short_id"] as? String)) + "  2026-11-24 09:00:00  10:30:00  "), "\(text)")
        #expect(line.hasSuffix(":30:00  thesis, writing"), "\(text)")
        #expect(!text.contains("math"))
        #expect(try Self.logJSON(tempo, "--tag", "writing").count == 1)
        #expect(try Self.logJSON(tempo, "--from", "yesterday 10:00").count == 2)
    }

    @Test func badTimesAreUsageErrorsAndChangeNothing() throws {
        let tempo = try Self.store()
        defer { tempo.cleanUp() }
        try tempo.run("focus", "start", "math", "--at", "-1h")
        let before = tempo.snapshot()
        for arguments in [["focus", "stop", "--at", "25:00"], ["focus", "stop", "--at", "someday"], ["focus", "stop", "--at", "13:00"],
                          ["focus", "add", "--start", "2026-03-29 02:30", "--duration", "10m"]] {
            let result = try tempo.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let early = try tempo.run("focus", "stop", "--at", "10:30")
        #expect(early.status == 1)
        // Instants in the message are the focus zone's, as typed, never UTC.
        #expect(early.stderr.contains("--at 2026-11-25 10:30:00 is before the last change of session math"), "\(early.stderr)")
        #expect(early.stderr.hasSuffix("(2026-11-25 11:00:00)\n"), "\(early.stderr)")
        let future = try tempo.run("focus", "stop", "--at", "13:00")
        #expect(future.stderr.contains("--at 2026-11-25 13:00:00 is in the future"), "\(future.stderr)")
        #expect(tempo.snapshot() == before)
    }

    @Test func startAtInsideAnotherSessionNamesIt() throws {
        let tempo = try Self.store()
        defer { tempo.cleanUp() }
        try tempo.run("focus", "add", "--start", "09:00", "--end", "10:00", "--tag", "thesis")
        let result = try tempo.run("focus", "start", "--at", "09:30")
        #expect(result.status == 1)
        #expect(result.stderr.contains("overlaps session thesis"))
        #expect(result.stderr.contains("(2026-11-25 09:00:00 to 2026-11-25 10:00:00)"), "\(result.stderr)")
    }

    @Test func editMovesEndsAndReplacesTags() throws {
        let tempo = try Self.store()
        defer { tempo.cleanUp() }
        try tempo.run("focus", "add", "--start", "09:00", "--end", "10:00", "--tag", "thesis")
        try tempo.run("focus", "add", "--start", "10:30", "--end", "11:00", "--tag", "mail")
        let id = try #require(try Self.logJSON(tempo).first?["short_id"] as? String)
        #expect(try tempo.run("focus", "edit", id, "--start", "08:30", "--end", "10:15", "--tag", "thesis", "--tag", "reading").status == 0)
        let edited = try Self.logJSON(tempo).first
        #expect(edited?["started_at"] as? String == "2026-11-25T07:30:00Z")
        #expect(edited?["stopped_at"] as? String == "2026-11-25T09:15:00Z")
        #expect(edited?["tags"] as? [String] == ["thesis", "reading"])
        let overlap = try tempo.run("focus", "edit", id, "--end", "10:45")
        #expect(overlap.status == 1)
        #expect(overlap.stderr.contains("overlaps session mail"))
        #expect(try tempo.run("focus", "edit", "zzzz", "--no-tags").status == 1)
        #expect(try tempo.run("focus", "edit", id).status == 64)
    }

    @Test func deleteAndContinue() throws {
        let tempo = try Self.store()
        defer { tempo.cleanUp() }
        try tempo.run("focus", "add", "--start", "09:00", "--end", "10:00", "--tag", "thesis", "--tag", "writing")
        try tempo.run("focus", "add", "--start", "10:00", "--end", "10:30", "--tag", "mail")
        let ids = try Self.logJSON(tempo).compactMap { $0["short_id"] as? String }
        let continued = try tempo.run("focus", "continue")
        #expect(continued.stdout.contains("Started mail"))
        let again = try tempo.run("focus", "continue", ids[0], now: "2026-11-25T11:30:00Z")
        #expect(again.stdout.contains("Stopped mail"))
        #expect(again.stdout.contains("Started thesis, writing"))
        #expect(try tempo.run("focus", "delete", ids[1]).status == 0)
        let log = try Self.logJSON(tempo)
        #expect(log.map { $0["tags"] as? [String] ?? [] } == [["thesis", "writing"], ["mail"], ["thesis", "writing"]])
        #expect(try tempo.run("focus", "delete", ids[1]).status == 1)
    }
}
