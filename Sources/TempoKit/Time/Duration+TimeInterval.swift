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

extension KeyedDecodingContainer {
    /// The duration stored under `key` as a number of seconds (the form Tempo's documents and
    /// stores keep); a number outside ``ValidRange/durations`` is corrupt data.
    func decodeDuration(secondsForKey key: Key) throws -> Duration {
        try duration(seconds: decode(Double.self, forKey: key), forKey: key)
    }

    /// `seconds`, read under `key`, as a duration (see ``decodeDuration(secondsForKey:)``).
    func duration(seconds: Double, forKey key: Key) throws -> Duration {
        guard let duration = ValidRange.duration(seconds: seconds) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(seconds) s is not a duration from 0 s to 100 years")
        }
        return duration
    }
}
