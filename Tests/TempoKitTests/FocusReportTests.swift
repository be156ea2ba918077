import Foundation
import Testing
import TempoKit

@Suite struct FocusReportTests {
    typealias S = FocusTestSupport
    let berlin = FocusSettings(timeZoneIdentifier: "Europe/Berlin")

    @Test func aSessionAcrossMidnightCountsOnBothDays() throws {
        // 23:30 to 01:00 Berlin summer time (UTC+2).
        let ledger = FocusLedger(sessions: [try S.session([("2024-05-01T21:30:00Z", "2024-05-01T23:00:00Z")])])
        let report = try ledger.report(settings: berlin, now: S.instant("2024-05-03T12:00:00Z"))
        #expect(report.days.map(\.date.description) == ["2024-05-01", "2024-05-02", "2024-05-03"])
        #expect(report.days.map(\.totalSeconds) == [1800, 3600, 0])
        #expect(report.days.map(\.sessionCount) == [1, 1, 0])
        #expect(report.totalSeconds == 5400)
    }

    @Test func dstDaysReportTheirLength() throws {
        let ledger = FocusLedger(sessions: [
            try S.session([("2024-03-30T22:00:00Z", "2024-03-31T03:00:00Z")]),
            try S.session([("2024-10-26T22:30:00Z", "2024-10-27T03:00:00Z")]),
        ])
        let report = try ledger.report(settings: berlin, from: S.date("2024-03-30"), to: S.date("2024-10-28"), now: S.instant("2024-11-01T00:00:00Z"))
        let byDate = Dictionary(uniqueKeysWithValues: report.days.map { ($0.date.description, $0) })
        #expect(byDate["2024-03-30"]?.lengthSeconds == 86_400)
        #expect(byDate["2024-03-31"]?.lengthSeconds == 82_800)
        #expect(byDate["2024-10-27"]?.lengthSeconds == 90_000)
        // 23:00 CET to 00:00 is on the 30th; the rest (4 h real) on the 31st.
        #expect(byDate["2024-03-30"]?.totalSeconds == 3600)
        #expect(byDate["2024-03-31"].map { $0.totalSeconds - 4 * 3600 } == 0)
        // 00:30 CEST (22:30Z) onwards is the 27th: 4.5 h.
        #expect(byDate["2024-10-27"]?.totalSeconds == 4.5 * 3600)
    }

    @Test func dayStartMovesTheBoundary() throws {
        var settings = berlin
        settings.dayStart = try DayTime(parsing: "04:00")
        // 01:00 to 05:00 local (CEST) on 2024-05-02: 3 h belong to 05-01, 1 h to 05-02.
        let ledger = FocusLedger(sessions: [try S.session([("2024-05-01T23:00:00Z", "2024-05-02T03:00:00Z")])])
        let report = try ledger.report(settings: settings, now: S.instant("2024-05-02T12:00:00Z"))
        #expect(report.days.map(\.totalSeconds) == [3 * 3600, 3600])
    }

    @Test func todayIncludesTheRunningSessionUpToNow() throws {
        var ledger = FocusLedger(sessions: [try S.session([("2024-05-01T06:00:00Z", "2024-05-01T07:00:00Z")])])
        ledger.start(tags: ["live"], at: S.instant("2024-05-01T10:00:00Z"))
        let now = S.instant("2024-05-01T10:20:00Z")
        let status = try ledger.status(settings: berlin, now: now)
        #expect(status.report.todaySeconds == 4800)
        #expect(status.sessionElapsed == .seconds(1200))
        #expect(status.isRunning)
        #expect(try ledger.report(settings: berlin, now: now).days.last?.totalSeconds == 4800)
    }

    /// Settings keep the form they had while their lengths were numbers of seconds, and a
    /// number that is no duration is corrupt data.
    @Test func settingsEncodeTheirLengthsAsSeconds() throws {
        var settings = berlin
        settings.goal = .seconds(5400)
        settings.growthThresholds = [.zero, .milliseconds(1500)]
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(settings)) as? [String: Any]
        #expect(json?["goalSeconds"] as? Double == 5400)
        #expect(json?["growthThresholdsSeconds"] as? [Double] == [0, 1.5])
        #expect(try JSONDecoder().decode(FocusSettings.self, from: JSONEncoder().encode(settings)) == settings)
        let negative = Data(#"{"timeZoneIdentifier":"UTC","dayStart":"00:00","goalSeconds":-1,"growthThresholdsSeconds":[0]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FocusSettings.self, from: negative) }
    }

    @Test func streakCountsGoalDaysAndTodayDoesNotBreakIt() throws {
        var settings = berlin
        settings.goal = .seconds(3600)
        let ledger = FocusLedger(sessions: [
            try S.session([("2024-05-01T08:00:00Z", "2024-05-01T09:00:00Z")]),
            try S.session([("2024-05-02T08:00:00Z", "2024-05-02T09:30:00Z")]),
            try S.session([("2024-05-03T08:00:00Z", "2024-05-03T08:30:00Z")]),  // below goal
            try S.session([("2024-05-04T08:00:00Z", "2024-05-04T09:00:00Z")]),
            try S.session([("2024-05-05T08:00:00Z", "2024-05-05T09:00:00Z")]),
        ])
        // On the 6th with nothing yet: the streak of the 4th and 5th holds.
        let sixth = try ledger.report(settings: settings, now: S.instant("2024-05-06T10:00:00Z"))
        #expect(sixth.streakDays == 2)
        #expect(sixth.goalProgress == 0)
        // On the 7th, the 6th has ended without focus: broken.
        #expect(try ledger.report(settings: settings, now: S.instant("2024-05-07T10:00:00Z")).streakDays == 0)
        // On the 5th after the session, today counts.
        let fifth = try ledger.report(settings: settings, now: S.instant("2024-05-05T12:00:00Z"))
        #expect(fifth.streakDays == 2)
        #expect(fifth.goalProgress == 1)
    }

    @Test(arguments: [(0.0, 0), (1499, 0), (1500, 1), (3600, 2), (7199, 2), (7200, 3), (14_400, 4), (50_000, 4)])
    func growthStages(seconds: Double, stage: Int) throws {
        let start = S.instant("2024-05-01T00:00:00Z")
        let sessions = seconds > 0 ? [FocusSession(tag: nil, stopwatch: try Stopwatch(
            segments: [.init(start: start, end: start.addingTimeInterval(seconds))], stoppedAt: start.addingTimeInterval(seconds)))] : []
        let settings = FocusSettings(timeZoneIdentifier: "UTC")
        #expect(try FocusLedger(sessions: sessions).report(settings: settings, now: S.instant("2024-05-01T23:59:00Z")).growthStage == stage)
    }

    @Test func clockGoingBackwardsIsNeverNegativeNorCountedTwice() throws {
        // Ran 10:00–10:30, paused; the clock was set back an hour; resumed at "09:35" and
        // stopped at "10:05": the wall time 10:00–10:05 is covered twice and counts once.
        let segments: [Stopwatch.Segment] = [
            .init(start: S.instant("2024-05-01T10:00:00Z"), end: S.instant("2024-05-01T10:30:00Z")),
            .init(start: S.instant("2024-05-01T09:35:00Z"), end: S.instant("2024-05-01T10:05:00Z")),
        ]
        let jumped = FocusSession(tag: nil, stopwatch: try Stopwatch(segments: segments, stoppedAt: S.instant("2024-05-01T10:05:00Z")))
        // A session stopped "before" it started: counts zero.
        let backwards = FocusSession(tag: nil, stopwatch: try Stopwatch(
            segments: [.init(start: S.instant("2024-05-01T12:00:00Z"), end: S.instant("2024-05-01T11:00:00Z"))],
            stoppedAt: S.instant("2024-05-01T11:00:00Z")))
        let ledger = FocusLedger(sessions: [jumped, backwards])
        let report = try ledger.report(settings: FocusSettings(timeZoneIdentifier: "UTC"), now: S.instant("2024-05-01T20:00:00Z"))
        #expect(report.todaySeconds == 55 * 60)
        #expect(report.days.allSatisfy { $0.totalSeconds >= 0 && $0.totalSeconds <= $0.lengthSeconds })
        #expect(Set(report.flaggedSessionIDs) == [jumped.id, backwards.id])
        #expect(ledger.sessions.count == 2)
    }

    @Test func runningSessionWhoseClockWentBackHasNoNegativeTime() throws {
        var ledger = FocusLedger()
        ledger.start(tags: [], at: S.instant("2024-05-01T10:00:00Z"))
        let report = try ledger.report(settings: FocusSettings(timeZoneIdentifier: "UTC"), now: S.instant("2024-05-01T09:00:00Z"))
        #expect(report.todaySeconds == 0)
        #expect(try ledger.status(settings: FocusSettings(timeZoneIdentifier: "UTC"), now: S.instant("2024-05-01T09:00:00Z")).sessionElapsed == .seconds(0))
    }

    @Test func weeksMonthsAndTags() throws {
        let ledger = FocusLedger(sessions: [
            try S.session([("2024-12-29T10:00:00Z", "2024-12-29T11:00:00Z")], tag: "a"),  // Sunday, 2024-W52
            try S.session([("2024-12-30T10:00:00Z", "2024-12-30T12:00:00Z")], tag: "b"),  // Monday, 2025-W01
            try S.session([("2025-01-02T10:00:00Z", "2025-01-02T10:30:00Z")], tag: "a"),
        ])
        let report = try ledger.report(settings: FocusSettings(timeZoneIdentifier: "UTC"), now: S.instant("2025-01-03T00:00:00Z"))
        #expect(report.weeks.map(\.key) == ["2024-W52", "2025-W01"])
        #expect(report.weeks.map(\.totalSeconds) == [3600, 9000])
        #expect(report.months.map(\.key) == ["2024-12", "2025-01"])
        #expect(report.months.map(\.totalSeconds) == [10_800, 1800])
        #expect(report.tags.map(\.key) == ["b", "a"])
        #expect(report.tags.map(\.totalSeconds) == [7200, 5400])
    }

    @Test func aFixedOffsetZoneIsRefused() {
        #expect(throws: DayCalendarError.fixedOffset("+09:00")) {
            try FocusLedger().report(settings: FocusSettings(timeZoneIdentifier: "+09:00"), now: Date())
        }
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kathmandu", "America/Santiago"])
    func dayGridEqualsTheCalendar(zone: String) throws {
        for dayStart in ["00:00", "02:30", "04:00"] {
            let calendar = try DayCalendar(timeZoneIdentifier: zone, dayStart: DayTime(parsing: dayStart))
            let first = try S.date("2008-01-01"), last = try S.date("2026-12-31")
            let grid = FocusDayGrid(calendar: calendar, firstDay: first, lastDay: last)
            var mismatches: [String] = []
            for index in 0...grid.dayCount where grid.startSeconds[index] != calendar.start(of: first.adding(days: index)).timeIntervalSince1970 {
                mismatches.append(first.adding(days: index).description)
            }
            #expect(mismatches.isEmpty, "\(zone) \(dayStart): \(mismatches.prefix(5))")
        }
    }
}
