import Foundation
import PropertyBased
import Testing
import TempoKit

/// Properties over random ledgers around the DST changes of several zones, with random day
/// starts and a possibly running last session.
@Suite struct FocusPropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Seoul", "UTC"]
    static let bases = ["2024-03-29T00:00:00Z", "2024-10-25T00:00:00Z", "2024-11-01T00:00:00Z", "2024-04-05T00:00:00Z"]

    /// (gap before, focused seconds, pause, tag) per session.
    static let sessionGen = zip(Gen.int(in: 0...108_000), Gen.int(in: 1...36_000), Gen.int(in: 0...1800), Gen.int(in: 0...3))
        .array(of: 0...25)
    static let settingsGen = zip(Gen.int(in: 0...(zones.count - 1)), Gen.int(in: 0...(bases.count - 1)), Gen.int(in: 0...23), Gen.element(of: [0, 30]), Gen.int(in: 0...1))

    static func build(
        _ specs: [(Int, Int, Int, Int)], _ setup: (Int, Int, Int, Int?, Int)
    ) throws -> (FocusLedger, FocusSettings, Date) {
        var cursor = FocusTestSupport.instant(bases[setup.1])
        var ledger = FocusLedger()
        for (index, spec) in specs.enumerated() {
            let start = cursor.addingTimeInterval(Double(spec.0))
            let tag = spec.3 == 0 ? nil : "t\(spec.3)"
            let lastRunning = setup.4 == 1 && index == specs.count - 1
            ledger.start(tags: tag.map { [$0] } ?? [], at: start)
            let half = Double(spec.1) / 2
            try ledger.pause(at: start.addingTimeInterval(half))
            try ledger.resume(at: start.addingTimeInterval(half + Double(spec.2)))
            cursor = start.addingTimeInterval(Double(spec.1) + Double(spec.2))
            if !lastRunning { try ledger.stop(at: cursor) }
        }
        let now = cursor.addingTimeInterval(Double(specs.first?.0 ?? 0) / 3)
        let settings = FocusSettings(
            timeZoneIdentifier: zones[setup.0], dayStart: try DayTime(hour: setup.2, minute: setup.3 ?? 0), goal: .seconds(3600))
        return (ledger, settings, now)
    }

    @Test func statusTodayEqualsReportToday() async {
        await propertyCheck(count: 200, input: Self.sessionGen, Self.settingsGen) { specs, setup in
            let (ledger, settings, now) = try Self.build(specs, setup)
            let report = try ledger.report(settings: settings, now: now)
            // Status sees only what a store loads for it: sessions reaching into the last two days.
            let recentStart = now.addingTimeInterval(-2 * 86_400)
            let recent = FocusLedger(sessions: ledger.sessions.filter { $0.lastInstant(at: now) >= recentStart })
            let status = try recent.status(settings: settings, now: now)
            #expect(report.days.last?.date == report.today)
            #expect(status.report.todaySeconds == report.todaySeconds)
            #expect(report.days.last?.totalSeconds == report.todaySeconds)
            #expect(status.report.growthStage == report.growthStage)
        }
    }

    /// (skipped day if 0, start within the day, focused seconds) per day, from a base day on.
    static let dayGen = zip(Gen.int(in: 0...40), Gen.int(in: 0...70_000), Gen.int(in: 1...9_000)).array(of: 0...160)
    /// (zone, day start hour, goal or none, instant of `now` within its day, a session running).
    static let streakSettingsGen = zip(
        Gen.int(in: 0...(zones.count - 1)), Gen.int(in: 0...23), Gen.int(in: 0...1), Gen.int(in: 0...86_399), Gen.int(in: 0...1))

    /// The status looks at the last weeks first; its numbers are still the whole ledger's: today's
    /// total, goal progress, growth stage and a streak of any length, as the whole-history report
    /// (the derivation checked against Timewarrior) counts them.
    @Test func statusFromTheRecentPastEqualsTheWholeLedgers() async {
        await propertyCheck(count: 300, input: Self.dayGen, Self.streakSettingsGen) { days, setup in
            let base = FocusTestSupport.instant("2024-01-01T00:00:00Z")
            var ledger = FocusLedger()
            for (index, day) in days.enumerated() where day.0 != 0 {
                let start = base.addingTimeInterval(Double(index) * 86_400 + Double(day.1))
                _ = try ledger.add(start: start, end: start.addingTimeInterval(Double(day.2)), tags: [], trim: false, now: start.addingTimeInterval(86_400))
            }
            let now = base.addingTimeInterval(Double(days.count) * 86_400 + Double(setup.3))
            if setup.4 == 1 { ledger.start(tags: ["now"], at: now.addingTimeInterval(-60)) }
            let settings = FocusSettings(
                timeZoneIdentifier: Self.zones[setup.0], dayStart: try DayTime(hour: setup.1, minute: 0), goal: setup.2 == 1 ? .seconds(3600) : nil)
            let today = try settings.calendar().day(containing: now)
            let whole = try ledger.report(settings: settings, from: today, to: today, now: now)
            let status = try ledger.status(settings: settings, now: now)
            #expect(status.report.todaySeconds == whole.todaySeconds)
            #expect(status.report.streakDays == whole.streakDays)
            #expect(status.report.goalProgress == whole.goalProgress)
            #expect(status.report.growthStage == whole.growthStage)
            #expect(status.sessionElapsed == .seconds((setup.4 == 1 ? 60 : 0)))
        }
    }

    @Test func dayTotalsSumToSessionDurations() async {
        await propertyCheck(count: 200, input: Self.sessionGen, Self.settingsGen) { specs, setup in
            let (ledger, settings, now) = try Self.build(specs, setup)
            let report = try ledger.report(settings: settings, now: now)
            let sessions = ledger.sessions.reduce(Duration.zero) { $0 + $1.duration(at: now) }.timeInterval
            #expect(abs(report.totalSeconds - sessions) < 1e-6)
            #expect(abs(report.days.reduce(0) { $0 + $1.totalSeconds } - sessions) < 1e-6)
            #expect(abs(report.tags.reduce(0) { $0 + $1.totalSeconds } - sessions) < 1e-6)
            #expect(report.days.allSatisfy { $0.totalSeconds <= $0.lengthSeconds })
            // Re-bucketing in another zone changes no total.
            var other = settings
            other.timeZoneIdentifier = "America/New_York"
            #expect(abs(try ledger.report(settings: other, now: now).totalSeconds - sessions) < 1e-6)
        }
    }
}
