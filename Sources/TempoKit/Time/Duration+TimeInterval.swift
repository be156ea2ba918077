import Foundation

extension Duration {
    /// The duration in seconds as Foundation counts them, to meet `Date` arithmetic.
    public var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }

    /// The time from `start` to `end`: negative when `end` is earlier.
    public static func between(_ start: Date, _ end: Date) -> Duration {
        .seconds(end.timeIntervalSince(start))
    }
}

extension Date {
    /// The instant `duration` after this one (before it, for a negative duration).
    public func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.timeInterval)
    }
}
