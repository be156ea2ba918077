/// A time of day, to the minute, at which a logical day starts (`00:00`, `04:00`).
public struct DayTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// Midnight.
    public static let midnight = DayTime(uncheckedHour: 0, minute: 0)

    /// A time of day; throws unless `0 ≤ hour ≤ 23` and `0 ≤ minute ≤ 59`.
    public init(hour: Int, minute: Int = 0) throws(DayTimeError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw .invalid("\(hour):\(minute)")
        }
        self.init(uncheckedHour: hour, minute: minute)
    }

    /// Parses `HH:MM` (or `H:MM`).
    public init(parsing text: some StringProtocol) throws(DayTimeError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { throw .invalid(String(text)) }
        self.init(uncheckedHour: h, minute: m)
    }

    private init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Seconds after local midnight.
    public var secondsAfterMidnight: Int { hour * 3600 + minute * 60 }

    /// `HH:MM`.
    public var description: String {
        "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    public static func < (lhs: DayTime, rhs: DayTime) -> Bool {
        lhs.secondsAfterMidnight < rhs.secondsAfterMidnight
    }

    public init(from decoder: any Decoder) throws {
        self = try DayTime(parsing: decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A day-start time that is not a time of day.
public enum DayTimeError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let text): "'\(text)' is not a time of day (expected HH:MM, 00:00 to 23:59)"
        }
    }
}
