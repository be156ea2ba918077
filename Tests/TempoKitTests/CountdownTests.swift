import Foundation
import TempoKit
import Testing

@Suite struct CountdownTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func remainingAndProgressComeFromInstants() throws {
        var countdown = try Countdown(duration: .seconds(60))
        try countdown.start(at: t0)
        #expect(countdown.remaining(at: t0 + 15) == .seconds(45))
        #expect(countdown.progress(at: t0 + 15) == 0.25)
        #expect(countdown.deadline == t0 + 60)
        #expect(countdown.state(at: t0 + 59.9) == .running)
    }

    @Test func aDurationMakesTheSameCountdownAsItsSeconds() throws {
        let countdown = try Countdown(duration: .milliseconds(90_500))
        #expect(countdown == (try Countdown(duration: .seconds(90.5))))
        #expect(countdown.duration == .milliseconds(90_500))
        #expect(Duration.milliseconds(1).timeInterval == 0.001)
        #expect(throws: CountdownError.invalidDuration) { try Countdown(duration: .zero) }
    }

    @Test func pausingShiftsTheDeadline() throws {
        var countdown = try Countdown(duration: .seconds(60))
        try countdown.start(at: t0)
        try countdown.pause(at: t0 + 10)
        #expect(countdown.state(at: t0 + 500) == .paused)
        #expect(countdown.remaining(at: t0 + 500) == .seconds(50))
        try countdown.resume(at: t0 + 100)
        #expect(countdown.deadline == t0 + 150)
    }

    @Test func finishedAtIsTheDeadlineEvenWhenObservedMuchLater() throws {
        var countdown = try Countdown(duration: .seconds(5))
        try countdown.start(at: t0)
        let muchLater = t0 + 86_400 * 3
        #expect(countdown.state(at: muchLater) == .finished)
        #expect(countdown.finishedAt == t0 + 5)
        #expect(countdown.remaining(at: muchLater) == .seconds(0))
        #expect(throws: CountdownError.finished) { try countdown.pause(at: muchLater) }
        #expect(throws: CountdownError.finished) { try countdown.cancel(at: muchLater) }
    }

    @Test func cancellingAPausedCountdownNeverTraps() throws {
        // The seed's DispatchSourceTimer crashed here: cancel while suspended.
        var countdown = try Countdown(duration: .seconds(30))
        try countdown.start(at: t0)
        try countdown.pause(at: t0 + 3)
        try countdown.cancel(at: t0 + 4)
        #expect(countdown.state(at: t0 + 100) == .cancelled)
        #expect(countdown.remaining(at: t0 + 100) == .seconds(27))
        #expect(throws: CountdownError.cancelled) { try countdown.resume(at: t0 + 5) }
    }

    @Test(arguments: [Duration.zero, .seconds(-1), .nanoseconds(-1), .seconds(3_155_760_001)])
    func rejectsDurationsThatAreNotPositiveOrOverAHundredYears(_ duration: Duration) {
        #expect(throws: CountdownError.invalidDuration) { try Countdown(duration: duration) }
    }

    /// Numbers read from documents and stores become durations only when they are ones:
    /// `Duration.seconds(_:)` would trap on these.
    @Test(arguments: [-1, Double.nan, .infinity, -Double.infinity, 3_155_760_001, .greatestFiniteMagnitude])
    func numbersThatAreNotDurationsAreRefused(_ seconds: Double) {
        #expect(ValidRange.duration(seconds: seconds) == nil)
    }

    /// A countdown keeps the stored form it had while it counted in seconds (pomodoro cycles
    /// hold one): `durationSeconds` as a number.
    @Test func aStoredCountdownKeepsItsForm() throws {
        var countdown = try Countdown(duration: .milliseconds(90_500))
        try countdown.start(at: t0)
        try countdown.pause(at: t0 + 10)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(countdown)) as? [String: Any]
        #expect(json?["durationSeconds"] as? Double == 90.5)
        #expect(try JSONDecoder().decode(Countdown.self, from: JSONEncoder().encode(countdown)) == countdown)
        let zero = Data(#"{"durationSeconds":0,"stopwatch":{"segments":[]}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Countdown.self, from: zero) }
    }

    /// `Date` and `Duration` meet exactly where a countdown needs them.
    @Test func durationsAndInstantsMeet() {
        #expect(t0.adding(.milliseconds(1500)) == t0 + 1.5)
        #expect(Duration.between(t0, t0 + 90) == .seconds(90))
        #expect(Duration.between(t0 + 90, t0) == .seconds(-90))
        #expect(Duration.milliseconds(1500).timeInterval == 1.5)
    }
}

@Suite struct ClockTextTests {
    @Test(arguments: [
        (0.0, ClockText.Rounding.down, "00:00"), (59.99, .down, "00:59"), (59.01, .up, "01:00"),
        (3599, .down, "59:59"), (3600, .down, "01:00:00"), (5400, .down, "01:30:00"),
        (86_399, .down, "23:59:59"), (360_000, .down, "100:00:00"), (-5, .up, "00:00"), (4.000000000001, .up, "00:04"),
    ])
    func formats(_ seconds: Double, _ rounding: ClockText.Rounding, _ expected: String) {
        #expect(ClockText.format(seconds: seconds, rounding: rounding) == expected)
    }
}

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("90s", 90.0), ("25m", 1500), ("1h30m", 5400), ("1h 30m 15s", 5415), ("1:30:00", 5400),
        ("25:00", 1500), ("1.5h", 5400), ("2H", 7200), ("0", 0), ("0s", 0), ("876600h", 3_155_760_000),
    ])
    func parses(_ text: String, _ seconds: Double) throws {
        #expect(try DurationParser.duration(text) == .seconds(seconds))
    }

    @Test(arguments: ["5x", "", "m", "90", "1:3", "1:60:00", "30m1h", "1h1h", "1::00", "٣m", "1e400s"])
    func rejects(_ text: String) {
        #expect(throws: DurationParseError.invalid(text)) { try DurationParser.duration(text) }
    }

    /// Issue 14, item 1: `9223372036854775807s` was stored as a timer, then trapped every display.
    @Test(arguments: ["9223372036854775807s", "876600h1s", "999999999999:00:00", "1000000000000000000000000000000s"])
    func refusesOverAHundredYears(_ text: String) {
        #expect(throws: DurationParseError.tooLong(text)) { try DurationParser.duration(text) }
    }

    @Test(arguments: ["-5m", " -1s", "-0:30"])
    func refusesNegative(_ text: String) {
        #expect(throws: DurationParseError.negative(text)) { try DurationParser.duration(text) }
    }

    @Test func clockTextNeverTraps() {
        #expect(ClockText.format(seconds: 9.3e18) == "876600:00:00")
        #expect(ClockText.format(seconds: .infinity) == "00:00")
    }
}
