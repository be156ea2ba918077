import Foundation

/// The values Tempo accepts. Each is checked where it enters — parsers, imports, the store —
/// so arithmetic further in never meets a value it cannot represent.
public enum ValidRange {
    /// Instants: from 1970-01-01T00:00:00Z up to, not including, 2200-01-01T00:00:00Z. A focus
    /// session, a timer, a wall clock or an imported interval outside it is refused.
    public static let instants = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 7_258_118_400)

    /// Calendar days that can be reported: 1970-01-01 through 2199-12-31.
    public static let days = LocalDate(daysSinceEpoch: 0)...LocalDate(daysSinceEpoch: 84_005)

    /// Durations (timers, goals, pomodoro phases, growth thresholds): 0 s to 100 years of
    /// 365.25 days, 3,155,760,000 s.
    public static let durations: ClosedRange<Duration> = .zero ... .seconds(3_155_760_000)

    /// `seconds` as a duration when it is a number in ``durations``, else nil (never traps on
    /// infinities or NaN, as `Duration.seconds(_:)` does).
    public static func duration(seconds: Double) -> Duration? {
        guard seconds.isFinite, seconds >= 0, seconds <= 3_155_760_000 else { return nil }
        return .seconds(seconds)
    }

    /// Replay speeds, × real time (0, outside this range, means as fast as possible).
    public static let replaySpeeds: ClosedRange<Double> = 0.001...1_000_000

    /// Throws unless `instant` is in ``instants``; `name` says what it is ("TEMPO_NOW", "the end").
    public static func check(instant: Date, _ name: String) throws(OutOfRange) {
        guard instants.contains(instant) else {
            throw OutOfRange(name: name, value: instantText(instant), range: "1970-01-01T00:00:00Z to 2199-12-31T23:59:59Z")
        }
    }

    /// Throws unless `speed` is 0 or in ``replaySpeeds``.
    public static func check(replaySpeed speed: Double) throws(OutOfRange) {
        guard speed == 0 || replaySpeeds.contains(speed) else {
            throw OutOfRange(name: "the replay speed", value: "\(speed)", range: "0.001 to 1000000 times real time, or 0 for as fast as possible")
        }
    }

    /// ISO 8601 for a valid instant; the raw seconds for one a calendar cannot show.
    static func instantText(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e11 else { return "\(seconds) s since 1970" }
        return instant.formatted(Date.ISO8601FormatStyle())
    }
}

/// A value outside Tempo's ``ValidRange``: names the value, what it is, and the range.
public struct OutOfRange: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the value is ("the duration", "TEMPO_NOW").
    public let name: String
    /// The value as given.
    public let value: String
    /// The accepted range, in words.
    public let range: String

    public init(name: String, value: String, range: String) {
        self.name = name
        self.value = value
        self.range = range
    }

    public var description: String { "\(name) '\(value)' is out of range (\(range))" }
}
