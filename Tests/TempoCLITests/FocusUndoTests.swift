import Foundation
import Testing

/// `focus undo` after each kind of change restores the ledger as `focus report --json` (by day
/// and by tag) and `focus export --format json` see it, byte for byte; several steps back.
@Suite(.serialized) struct FocusUndoTests {
    /// What the ledger looks like to its readers, at the suite's fixed instant.
    static func view(_ tempo: FocusBinary) throws -> String {
        let outputs = try [["focus", "report", "--json"], ["focus", "report", "--json", "--by", "tag"], ["focus", "export", "--format", "json"]]
            .map { try tempo.run($0) }
        for output in outputs { #expect(output.status == 0, "\(output.stderr)") }
        return outputs.map(\.stdout).joined(separator: "\n")
    }

    @Test func everyKindOfChangeIsUndoneByteForByteSeveralStepsBack() throws {
        let tempo = try FocusBinary(now: "2026-11-25T11:00:00Z")
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "config", "--tz", "Europe/Berlin").status == 0)
        let timew = tempo.file("timew.json")
        try Data("""
            [{"id":2,"start":"20261124T050000Z","end":"20261124T060000Z","tags":["thesis","writing"]},
             {"id":1,"start":"20261124T070000Z","end":"20261124T073000Z","tags":["mail"]}]
            """.utf8).write(to: URL(fileURLWithPath: timew))
        var views = [try Self.view(tempo)]
        var firstID = ""
        let changes: [(String, () throws -> [String])] = [
            ("add", { ["focus", "add", "--start", "08:00", "--end", "08:30", "--tag", "a"] }),
            ("import", { ["focus", "import", timew] }),
            ("start", { ["focus", "start", "b", "c", "--at", "10:00"] }),
            ("pause", { ["focus", "pause", "--at", "10:20"] }),
            ("resume", { ["focus", "resume", "--at", "10:40"] }),
            ("stop", { ["focus", "stop", "--at", "11:00"] }),
            ("edit", { ["focus", "edit", firstID, "--start", "07:45", "--tag", "d"] }),
            ("continue", { ["focus", "continue", "--at", "11:10"] }),
            ("cancel", { ["focus", "cancel"] }),
            ("delete", { ["focus", "delete", firstID] }),
            ("start", { ["focus", "start"] }),
        ]
        for (kind, arguments) in changes {
            let result = try tempo.run(try arguments())
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            if kind == "add" {
                let log = try JSONSerialization.jsonObject(with: Data(try tempo.run("focus", "log", "--json").stdout.utf8)) as? [[String: Any]]
                firstID = log?.first?["short_id"] as? String ?? ""
            }
            let view = try Self.view(tempo)
            #expect(view != views.last, "\(kind) changed nothing the report shows")
            views.append(view)
        }
        for (index, (kind, _)) in changes.enumerated().reversed() {
            let undo = try tempo.run("focus", "undo")
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(undo.stdout.hasPrefix("Undid \(kind)"), "\(undo.stdout)")
            #expect(try Self.view(tempo) == views[index], "undo of \(kind)")
        }
        let nothing = try tempo.run("focus", "undo")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("nothing to undo"))
    }

    @Test func theJournalSurvivesBetweenProcessesAndListsLatestFirst() throws {
        let tempo = try FocusBinary(now: "2026-11-25T11:00:00Z")
        defer { tempo.cleanUp() }
        try tempo.run("focus", "start", "a", "--at", "-1h")
        try tempo.run("focus", "stop")
        let list = try tempo.run("focus", "undo", "--list").stdout.split(separator: "\n")
        #expect(list.count == 2)
        #expect(list.first?.hasPrefix("stop a (") == true)
        #expect(list.last?.hasPrefix("start a (") == true)
    }
}
