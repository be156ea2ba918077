import Foundation
import Testing
import TempoKit
import TempoStore

/// `focusStatus` reads older history in growing windows; its streak must not depend on where
/// the windows fall. Expected streaks are counted by hand from how the ledger is built (one
/// 40-minute session a day, one day skipped), not by the code under test; the full-ledger report
/// is checked against the same numbers.
@Suite struct FocusStatusWindowTests {
    let t0 = Date(timeIntervalSince1970: 1_420_099_200)  // 2015-01-01T08:00:00Z

    /// `days` daily sessions ending today (day `days − 1` is today), skipping day `gap` if given.
    func database(days: Int, gap: Int?, pausedEveryOther: Bool = false) throws -> (AppDatabase, Date) {
        let database = try AppDatabase.inMemory()
        let now = t0.addingTimeInterval(Double(days - 1) * 86_400 + 3 * 3600)
        let sessions = try (0..<days).filter { $0 != gap }.map { day -> FocusSession in
            let start = t0.addingTimeInterval(Double(day) * 86_400)
            let segments: [Stopwatch.Segment] = pausedEveryOther && day % 2 == 0
                ? [.init(start: start, end: start.addingTimeInterval(1200)),
                   .init(start: start.addingTimeInterval(1800), end: start.addingTimeInterval(3000))]
                : [.init(start: start, end: start.addingTimeInterval(2400))]
            return FocusSession(tag: nil, stopwatch: try Stopwatch(segments: segments, stoppedAt: segments.last?.end))
        }
        _ = try database.importFocusSessions(sessions, now: now)
        return (database, now)
    }

    /// (days of history, skipped day, expected streak in days): the gap falls inside the recent
    /// 64 days, inside the first window, inside later windows, exactly near window edges, and
    /// nowhere (the streak reaches the start of history).
    @Test(arguments: [
        (100, 80, 19), (400, 200, 199), (400, 40, 359), (700, 300, 399), (1500, 10, 1489),
        (1500, 1150, 349), (1500, 1179, 320), (1500, 1181, 318), (2000, nil, 2000), (300, nil, 300),
    ] as [(Int, Int?, Int)])
    func streakIsTheSameWhereverTheWindowsFall(days: Int, gap: Int?, streak: Int) throws {
        let (database, now) = try database(days: days, gap: gap, pausedEveryOther: days == 1500)
        let settings = FocusSettings(timeZoneIdentifier: "UTC", goal: .seconds(1800))
        let status = try database.focusStatus(settings: settings, now: now)
        let full = try database.focusLedger().report(settings: settings, now: now)
        #expect(status.report.streakDays == streak)
        #expect(full.streakDays == streak)
        #expect(status.report.streakReachesHistoryStart == (gap == nil))
        #expect(full.streakReachesHistoryStart == (gap == nil))
        #expect(status.report.todaySeconds == 2400)
    }

    /// In Europe/Berlin with a 04:00 day start (days of 23 and 25 hours over DST changes), the
    /// streak still matches the full report.
    @Test func streakMatchesTheFullReportInAZoneWithDayStart() throws {
        let (database, now) = try database(days: 900, gap: 500)
        let settings = FocusSettings(timeZoneIdentifier: "Europe/Berlin", dayStart: try DayTime(parsing: "04:00"), goal: .seconds(1800))
        let status = try database.focusStatus(settings: settings, now: now)
        let full = try database.focusLedger().report(settings: settings, now: now)
        #expect(status.report.streakDays == 399)
        #expect(full.streakDays == 399)
        #expect(status.report.todaySeconds == full.todaySeconds)
    }
}
