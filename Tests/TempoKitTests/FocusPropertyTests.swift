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
            ledger.start(tag: tag, at: start)
            let half = Double(spec.1) / 2
            try ledger.pause(at: start.addingTimeInterval(half))
            try ledger.resume(at: start.addingTimeInterval(half + Double(spec.2)))
            cursor = start.addingTimeInterval(Double(spec.1) + Double(spec.2))
            if !lastRunning { try ledger.stop(at: cursor) }
        }
        let now = cursor.addingTimeInterval(Double(specs.first?.0 ?? 0) / 3)
        let settings = FocusSettings(
            timeZoneIdentifier: zones[setup.0], dayStart: try DayTime(hour: setup.2, minute: setup.3 ?? 0), goalSeconds: 3600)
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

    @Test func dayTotalsSumToSessionDurations() async {
        await propertyCheck(count: 200, input: Self.sessionGen, Self.settingsGen) { specs, setup in
            let (ledger, settings, now) = try Self.build(specs, setup)
            let report = try ledger.report(settings: settings, now: now)
            let sessions = ledger.sessions.reduce(0) { $0 + $1.durationSeconds(at: now) }
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
