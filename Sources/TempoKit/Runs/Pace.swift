/// Pace arithmetic.
public enum Pace {
    /// Seconds per kilometre for `seconds` over `meters`; `nil` under one metre (no meaningful pace).
    public static func secondsPerKilometer(seconds: Double, meters: Double) -> Double? {
        guard meters >= 1, seconds.isFinite, seconds >= 0 else { return nil }
        return seconds / meters * 1000
    }
}
