import Foundation
import Testing

/// `tempo focus check` on the built binary: the stored day totals are kept by every write
/// command, a status reads them, and a check finds and repairs a table changed behind the
/// store's back (with the `sqlite3` shell, when the machine has it).
@Suite(.serialized) struct FocusCheckCommandTests {
    /// Sessions on three consecutive days, one day more than 64 days back than the others: the
    /// streak read through the totals reaches past the sessions a status loads.
    @Test func checkFindsNothingToRepairAfterWritesAndAStatusReadsTheTotals() throws {
        let tempo = try FocusBinary(now: "2024-05-01T08:00:00Z")
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "config", "--tz", "Europe/Berlin", "--day-start", "04:00").status == 0)
        // 100 days of one hour each (2024-01-22 … 2024-04-30), then today's running session.
        for day in 0..<100 {
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day - 100, to: Date(timeIntervalSince1970: 1_714_550_400)) ?? .distantPast
            let text = ISO8601DateFormatter().string(from: date.addingTimeInterval(9 * 3600))
            let end = ISO8601DateFormatter().string(from: date.addingTimeInterval(10 * 3600))
            #expect(try tempo.run("focus", "add", "--start", text, "--end", end).status == 0)
        }
        #expect(try tempo.run("focus", "start", "math").status == 0)
        let check = try tempo.run("focus", "check", now: "2024-05-01T09:00:00Z")
        #expect(check.status == 0)
        #expect(check.stdout.contains("Day totals match the sessions (100 days with focus, Europe/Berlin, days start 04:00)"))
        let status = try tempo.run("focus", "status", "--json", now: "2024-05-01T09:00:00Z").json()
        #expect(status["streak_days"] as? Int == 101)
        #expect(status["today_s"] as? Double == 3600)
        // A new zone: the totals are counted anew in the same transaction, and still match.
        #expect(try tempo.run("focus", "config", "--tz", "Asia/Seoul").status == 0)
        let again = try tempo.run("focus", "check", now: "2024-05-01T09:00:00Z")
        #expect(again.status == 0)
        #expect(again.stdout.contains("Asia/Seoul, days start 04:00"))
    }

    @Test func checkRepairsATamperedTableAndExitsOne() throws {
        let shell = "/usr/bin/sqlite3"
        guard FileManager.default.isExecutableFile(atPath: shell) else { return }
        let tempo = try FocusBinary(now: "2024-05-01T12:00:00Z")
        defer { tempo.cleanUp() }
        try tempo.run("focus", "config", "--tz", "UTC")
        try tempo.run("focus", "add", "--start", "2024-05-01T08:00:00Z", "--end", "2024-05-01T09:30:00Z")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: shell)
        sqlite.arguments = [tempo.database, "UPDATE focus_day SET total_s = 60"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let check = try tempo.run("focus", "check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("2024-05-01: stored 0:01:00 in 1 session, sessions give 1:30:00 in 1 session"))
        #expect(check.stdout.contains("1 day total(s) were wrong and are repaired"))
        #expect(try tempo.run("focus", "check").status == 0)
    }
}
