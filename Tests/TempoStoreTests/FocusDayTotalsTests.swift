import Foundation
import Testing
import TempoKit
import TempoStore
import GRDB
import TempoTestSupport

/// The stored per-day totals after seeded random sequences of ledger operations (start, pause,
/// resume, stop, cancel, add a past session, import, a pomodoro, a change of zone or day start):
/// after every operation the table equals a rebuild from the sessions (`checkFocusDayTotals`
/// finds nothing to repair), and the status read through it equals the status computed from the
/// whole ledger by the existing code path (`FocusLedger.status`, every session loaded), key by
/// key in its JSON document.
@Suite struct FocusDayTotalsTests {
    /// SplitMix64: a small seeded generator, so a failing sequence replays from its seed.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Seoul", "UTC", "Australia/Lord_Howe"]

    /// The status as JSON, the document `tempo focus status --json` prints.
    func document(_ status: FocusStatus) throws -> String {
        String(decoding: try TempoJSON.encoder(pretty: true).encode(status), as: UTF8.self)
    }

    /// Checks the table and the status after one step; returns the status's streak.
    @discardableResult
    func expectConsistent(_ database: AppDatabase, settings: FocusSettings, now: Date, step: String) throws -> Int {
        let check = try database.checkFocusDayTotals(settings: settings)
        #expect(check.differences.isEmpty, "after \(step): \(check.differences)")
        #expect(!check.rebuiltForNewCalendar, "after \(step): the totals were not kept")
        let whole = try database.focusLedger().status(settings: settings, now: now)
        let read = try database.focusStatus(settings: settings, now: now)
        #expect(try document(read) == document(whole), "after \(step)")
        return read.report.streakDays
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func tableEqualsARebuildAndStatusEqualsTheWholeLedgerAfterRandomOperations(seed: UInt64) throws {
        var random = Random(state: seed)
        let database = try AppDatabase.inMemory()
        var now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
        var settings = try database.updateFocusSettings(defaultTimeZone: "UTC") { settings in
            settings.timeZoneIdentifier = Self.zones[Int(seed) % Self.zones.count]
            settings.goal = seed % 2 == 0 ? .seconds(1800) : nil
        }
        try database.keepFocusDayTotals(settings: settings)
        var longestStreak = 0
        // About 200 days: streaks reach well past the 64 days a status reads as sessions.
        for step in 0..<700 {
            now = now.addingTimeInterval(Double.random(in: 60...(seed % 3 == 0 ? 40_000 : 20_000), using: &random))
            let operation = Int.random(in: 0..<100, using: &random)
            let at = now
            var name = ""
            switch operation {
            case 0..<30:
                name = "start"
                try database.changeFocus("test") { ledger in _ = ledger.start(tags: [["a"], ["b"], []][step % 3], at: at) }
            case 30..<42:
                name = "pause"
                _ = try? database.changeFocus("test") { ledger in try ledger.pause(at: at) }
            case 42..<54:
                name = "resume"
                _ = try? database.changeFocus("test") { ledger in try ledger.resume(at: at) }
            case 54..<72:
                name = "stop"
                _ = try? database.changeFocus("test") { ledger in try ledger.stop(at: at) }
            case 72..<76:
                name = "cancel"
                _ = try? database.changeFocus("test") { ledger in try ledger.cancel() }
            case 76..<88:
                name = "add"
                let end = now.addingTimeInterval(-Double.random(in: 0...(3 * 86_400), using: &random))
                let start = end.addingTimeInterval(-Double.random(in: 60...30_000, using: &random))
                _ = try? database.addFocusSession(start: start, end: end, tags: ["added"], trim: true, now: now)
            case 88..<92:
                name = "import"
                let start = now.addingTimeInterval(-Double.random(in: 86_400...(90 * 86_400), using: &random))
                let end = start.addingTimeInterval(Double.random(in: 60...7200, using: &random))
                let session = FocusSession(tag: "imported", stopwatch: try Stopwatch(segments: [.init(start: start, end: end)], stoppedAt: end))
                _ = try? database.importFocusSessions([session], now: now)
            case 92..<95:
                name = "pomodoro"
                _ = try database.startOrResumePomodoro(plan: try Pomodoro.Plan(), tags: ["pomodoro"], at: now)
                now = now.addingTimeInterval(Double.random(in: 60...4000, using: &random))
                _ = try database.advancePomodoro(to: now)
                _ = try database.stopPomodoro(at: now)
            default:
                name = "config"
                let zone = Self.zones.randomElement(using: &random) ?? "UTC"
                let dayStart = try DayTime(hour: Int.random(in: 0...5, using: &random))
                settings = try database.updateFocusSettings(defaultTimeZone: "UTC") { settings in
                    settings.timeZoneIdentifier = zone
                    settings.dayStart = dayStart
                }
            }
            longestStreak = max(longestStreak, try expectConsistent(database, settings: settings, now: now, step: "\(step) \(name)"))
        }
        // The sequences reach streaks read from stored days, not only today's sessions.
        #expect(longestStreak >= 3)
    }

    /// Open segments are not stored, a closed one is split at the day start (on a DST day), a
    /// cancelled session leaves nothing, and another calendar is a rebuild, not an error.
    @Test func daysFollowTheDayStartAndTheCalendar() throws {
        let database = try AppDatabase.inMemory()
        let settings = FocusSettings(timeZoneIdentifier: "Europe/Berlin", dayStart: try DayTime(parsing: "04:00"))
        try database.keepFocusDayTotals(settings: settings)
        let start = Date(timeIntervalSince1970: 1_711_846_800)  // 2024-03-31T01:00:00Z, the spring DST day
        let now = start.addingTimeInterval(86_400)
        try database.changeFocus("test") { ledger in _ = ledger.start(tags: ["x"], at: start) }
        #expect(try database.focusDayTotals().isEmpty)  // open segments are not stored
        try database.changeFocus("test") { ledger in _ = try ledger.stop(at: start.addingTimeInterval(3600 * 5)) }
        // 01:00Z is 03:00 CEST, before the 04:00 day start: the first hour is 2024-03-30's.
        #expect(try database.focusDayTotals().map(\.date.description) == ["2024-03-30", "2024-03-31"])
        #expect(try database.focusDayTotals().map(\.totalSeconds) == [3600, 4 * 3600])
        try database.changeFocus("test") { ledger in _ = ledger.start(tags: ["y"], at: now) }
        try database.changeFocus("test") { ledger in _ = try ledger.cancel() }
        #expect(try database.focusDayTotals().count == 2)
        let check = try database.checkFocusDayTotals(settings: settings)
        #expect(check.differences.isEmpty && check.dayCount == 2)
        // Another calendar: rebuilt, not reported as wrong.
        let utc = FocusSettings(timeZoneIdentifier: "UTC")
        #expect(try database.checkFocusDayTotals(settings: utc).rebuiltForNewCalendar)
        #expect(try database.focusDayTotals().map(\.totalSeconds) == [5 * 3600])
    }

    /// Rows changed behind the store's back are found, listed and repaired by the check; a
    /// session deleted by SQL (its segments go by cascade) is caught up by the next write.
    @Test func tamperedTotalsAreFoundAndRepaired() throws {
        let folder = TestDirectory.root.appendingPathComponent("tempo-days-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tempo.sqlite").path
        let settings = FocusSettings(timeZoneIdentifier: "UTC")
        let start = Date(timeIntervalSince1970: 1_704_103_200)  // 2024-01-01T10:00:00Z
        do {
            let database = try AppDatabase.open(path: path)
            try database.keepFocusDayTotals(settings: settings)
            for day in 0..<3 {
                let begin = start.addingTimeInterval(Double(day) * 86_400)
                _ = try database.addFocusSession(start: begin, end: begin.addingTimeInterval(600), tags: [], trim: false, now: begin.addingTimeInterval(700))
            }
        }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "UPDATE focus_day SET total_s = 1 WHERE day = 19723")
            try db.execute(sql: "INSERT INTO focus_day (day, total_s, sessions) VALUES (19000, 5, 1)")
        }
        let database = try AppDatabase.open(path: path)
        let check = try database.checkFocusDayTotals(settings: settings)
        #expect(check.differences.map(\.date.description) == ["2022-01-08", "2024-01-01"])
        #expect(check.differences.map(\.stored?.totalSeconds) == [5, 1])
        #expect(check.differences.map(\.computed?.totalSeconds) == [nil, 600])
        #expect(try database.checkFocusDayTotals(settings: settings).differences.isEmpty)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM focus_session WHERE first_at = ?", arguments: [start.timeIntervalSince1970 + 86_400])
        }
        try database.changeFocus("test") { _ in }
        #expect(try database.focusDayTotals().map(\.date.description) == ["2024-01-01", "2024-01-03"])
    }
}
