import Foundation
import TempoFormats
import TempoKit

/// libFuzzer entry: the duration and time parsers. The first byte picks the parser, the rest
/// of the input is the text typed (or read from a file):
///
/// - 0 `DurationParser.seconds` (`timer start`, `--work`, `--goal`…): the duration shown as
///   clock text, run as a countdown and a pomodoro plan, judged against growth thresholds;
/// - 1 `DayTime(parsing:)` (`--day-start`): a calendar with that day start, days around now;
/// - 2 `LocalDate(parsing:)` (`--from`, `--to`): day arithmetic and the day's interval;
/// - 3 `FocusInstantParser.parse(_:in:)` (`focus add`), in a zone picked by the second byte;
/// - 4 the ISO 8601 instants of activity files and gpsd (`ISO8601Time`, reached through a gpsd
///   report's `time`) and of Tempo's export (`FocusImport.isoDateText`), written back as GPX.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let (selector, text) = FuzzInput(data, size).selectorAndRest else { return 0 }
    switch selector % 5 {
    case 0: TimeHarness.duration(text)
    case 1: TimeHarness.dayTime(text)
    case 2: TimeHarness.localDate(text)
    case 3: TimeHarness.focusInstant(text, zone: selector / 5)
    default: TimeHarness.isoInstant(text)
    }
    return 0
}

enum TimeHarness {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let zones = ["UTC", "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata"]

    static func duration(_ text: String) {
        guard let seconds = try? DurationParser.seconds(text) else { return }
        _ = ClockText.format(seconds: seconds)
        _ = ClockText.format(seconds: seconds, rounding: .up)
        if var countdown = try? Countdown(durationSeconds: seconds), (try? countdown.start(at: now)) != nil {
            _ = countdown.deadline
            _ = countdown.finishedAt
            _ = ClockText.format(seconds: countdown.remaining(at: now + 1), rounding: .up)
            _ = countdown.progress(at: now + 1)
            _ = countdown.state(at: now + seconds)
        }
        let settings = FocusSettings(timeZoneIdentifier: "UTC", goalSeconds: seconds, growthThresholdsSeconds: [0, seconds])
        _ = settings.growthStage(forSeconds: seconds / 2)
        if let plan = try? Pomodoro.Plan(workSeconds: seconds, shortBreakSeconds: seconds, longBreakSeconds: seconds, rounds: 2) {
            var ledger = FocusLedger()
            if var pomodoro = try? Pomodoro(plan: plan, tag: nil, at: now, ledger: &ledger) {
                _ = pomodoro.remainingSeconds(at: now + 1)
                pomodoro.advance(to: now + seconds * 1.5, ledger: &ledger)
                _ = pomodoro.kind
            }
        }
    }

    static func dayTime(_ text: String) {
        guard let dayStart = try? DayTime(parsing: text) else { return }
        _ = dayStart.description
        guard let calendar = try? DayCalendar(timeZoneIdentifier: "Europe/Paris", dayStart: dayStart) else { return }
        let day = calendar.day(containing: now)
        _ = calendar.interval(of: day)
        _ = calendar.split(from: now - 86_400, to: now + 86_400)
    }

    static func localDate(_ text: String) {
        guard let date = try? LocalDate(parsing: text) else { return }
        _ = date.description
        _ = date.isoWeekday
        _ = date.adding(days: 366)
        _ = LocalDate(daysSinceEpoch: date.daysSinceEpoch)
        guard let calendar = try? DayCalendar(timeZoneIdentifier: "America/New_York") else { return }
        _ = calendar.interval(of: date)
        _ = calendar.lengthSeconds(of: date)
    }

    static func focusInstant(_ text: String, zone: UInt8) {
        guard let timeZone = TimeZone(identifier: zones[Int(zone) % zones.count]),
              let instant = try? FocusInstantParser.parse(text, in: timeZone),
              let calendar = try? DayCalendar(timeZoneIdentifier: timeZone.identifier)
        else { return }
        let day = calendar.day(containing: instant)
        _ = calendar.interval(of: day)
        var ledger = FocusLedger()
        _ = try? ledger.add(start: min(instant, now) - 60, end: min(instant, now), tag: nil, trim: false, now: now)
    }

    static func isoInstant(_ text: String) {
        _ = FocusImport.isoDateText(text)
        let report: [String: Any] = ["class": "TPV", "mode": 2, "lat": 48.0, "lon": 2.0, "time": text]
        guard let json = try? JSONSerialization.data(withJSONObject: report),
              let fix = GPSDReport.fix(fromJSONLine: String(decoding: json, as: UTF8.self)),
              fix.time != nil
        else { return }
        _ = GPXWriter.data(for: Activity(segments: [[fix]]))
    }
}
