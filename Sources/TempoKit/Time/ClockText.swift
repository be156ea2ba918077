/// The one place durations are turned into clock text: `HH:MM:SS`, or `MM:SS` under an hour.
public enum ClockText {
    /// How fractional seconds become the whole second that is shown.
    public enum Rounding: Sendable {
        /// Elapsed time: a second is shown once it has fully passed.
        case down
        /// Remaining time: `00:01` stays until the countdown reaches zero.
        case up
    }

    /// The longest duration shown, in seconds (``ValidRange/durations``' end).
    private static let longest = ValidRange.durations.upperBound.timeInterval

    /// The whole second shown for `seconds` (negative and non-finite values show as 0, values
    /// beyond ``ValidRange/durations`` as its end).
    public static func displayedSecond(_ seconds: Double, rounding: Rounding) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        guard seconds <= longest else { return Int(longest) }
        // A small tolerance keeps values computed at an exact boundary (4.999999999) on it.
        let value = rounding == .down ? (seconds + 1e-9).rounded(.down) : (seconds - 1e-9).rounded(.up)
        return Int(max(0, value))
    }

    /// `MM:SS` under an hour, `H:MM:SS` or `HH:MM:SS` from an hour on.
    public static func format(seconds: Double, rounding: Rounding = .down) -> String {
        format(wholeSeconds: displayedSecond(seconds, rounding: rounding))
    }

    /// `duration` as `MM:SS` under an hour, `H:MM:SS` or `HH:MM:SS` from an hour on.
    public static func format(_ duration: Duration, rounding: Rounding = .down) -> String {
        format(seconds: duration.timeInterval, rounding: rounding)
    }

    /// `MM:SS` under an hour, `HH:MM:SS` from an hour on.
    public static func format(wholeSeconds: Int) -> String {
        let total = max(0, wholeSeconds)
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        if hours == 0 { return "\(pad(minutes)):\(pad(seconds))" }
        return "\(pad(hours)):\(pad(minutes)):\(pad(seconds))"
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A duration for people, always with hours: `0:21:05`, `3:43:01`, `27:00:00`.
    public static func duration(seconds: Double, rounding: Rounding = .down) -> String {
        let total = displayedSecond(seconds, rounding: rounding)
        return "\(total / 3600):\(pad(total / 60 % 60)):\(pad(total % 60))"
    }

    /// `duration` for people, always with hours: `0:21:05`, `3:43:01`, `27:00:00`.
    public static func duration(_ duration: Duration, rounding: Rounding = .down) -> String {
        self.duration(seconds: duration.timeInterval, rounding: rounding)
    }

    /// A pace (time per kilometre or mile): `8:53`, `19:02`, and `1:02:03` from an hour on.
    public static func pace(seconds: Double) -> String {
        let total = displayedSecond(seconds, rounding: .down)
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return hours == 0 ? "\(minutes):\(pad(rest))" : "\(hours):\(pad(minutes)):\(pad(rest))"
    }
}
