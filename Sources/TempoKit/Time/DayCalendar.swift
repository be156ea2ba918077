import Foundation

/// Logical days in an IANA time zone, each starting at a configurable time of day.
///
/// A day is `[start, next start)`: 24 hours long on most days, 23 or 25 on DST days, and
/// empty when a zone skipped a whole date (Pacific/Apia, 2011-12-30). A day start that falls in
/// a DST gap moves to the next instant that exists; one that occurs twice (clocks set back)
/// is its first occurrence. Fixed-offset zones (`+09:00`, `GMT+9`) are refused: they would
/// get every DST change wrong.
public struct DayCalendar: Sendable, Hashable, Codable {
    /// The IANA time zone.
    public let timeZone: TimeZone
    /// The local time at which each day starts.
    public let dayStart: DayTime

    /// A calendar for an IANA zone identifier such as `Europe/Berlin`.
    public init(timeZoneIdentifier: String, dayStart: DayTime = .midnight) throws(DayCalendarError) {
        self.timeZone = try DayCalendar.ianaTimeZone(timeZoneIdentifier)
        self.dayStart = dayStart
    }

    /// Looks up an IANA zone, refusing unknown names and fixed offsets.
    public static func ianaTimeZone(_ identifier: String) throws(DayCalendarError) -> TimeZone {
        if namesFixedOffset(identifier) { throw .fixedOffset(identifier) }
        // Foundation's list of known identifiers misses current names on Linux (Asia/Kolkata,
        // Etc/UTC), so the zone database itself decides.
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else { throw .unknownTimeZone(identifier) }
        return zone
    }

    /// Whether `identifier` names a fixed offset rather than a zone: `[Etc/](GMT|UTC|UT)[ ]±…` or
    /// `[±]digit…` (`+09:00`, `UTC+9`, `Etc/GMT-9`), with `−` (U+2212) as a minus too.
    static func namesFixedOffset(_ identifier: String) -> Bool {
        func isSign(_ character: Character?) -> Bool { character == "-" || character == "+" || character == "\u{2212}" }
        var rest = Substring(identifier)
        if isSign(rest.first) { rest = rest.dropFirst() }
        if let first = rest.unicodeScalars.first {
            if first.isASCII ? ("0"..."9").contains(first) : first.properties.generalCategory == .decimalNumber { return true }
        }
        let named = identifier.hasPrefix("Etc/") ? identifier.dropFirst(4) : Substring(identifier)
        for prefix in ["GMT", "UTC", "UT"] where named.hasPrefix(prefix) {
            var after = named.dropFirst(prefix.count)
            if after.first == " " { after = after.dropFirst() }
            if isSign(after.first) { return true }
        }
        return false
    }

    /// The logical day containing `instant`.
    public func day(containing instant: Date) -> LocalDate {
        let t = Int64(instant.timeIntervalSince1970.rounded(.down))
        let local = t + offset(at: t) - Int64(dayStart.secondsAfterMidnight)
        var day = LocalDate(daysSinceEpoch: Int(local.floorDiv(86_400)))
        // Near a DST change the local reading can name a neighbouring day; the interval decides.
        if t < startSeconds(of: day) {
            day = day.adding(days: -1)
        } else if t >= startSeconds(of: day.adding(days: 1)) {
            day = day.adding(days: 1)
        }
        return day
    }

    /// The instant `day` starts.
    public func start(of day: LocalDate) -> Date {
        Date(timeIntervalSince1970: TimeInterval(startSeconds(of: day)))
    }

    /// `[start, next start)` of `day`.
    public func interval(of day: LocalDate) -> DateInterval {
        let start = startSeconds(of: day), end = startSeconds(of: day.adding(days: 1))
        return DateInterval(
            start: Date(timeIntervalSince1970: TimeInterval(start)),
            end: Date(timeIntervalSince1970: TimeInterval(end))
        )
    }

    /// The length of `day` in seconds: 86,400, or 82,800 / 90,000 on DST days (and so on).
    public func lengthSeconds(of day: LocalDate) -> Int {
        Int(startSeconds(of: day.adding(days: 1)) - startSeconds(of: day))
    }

    /// The parts of `[from, to)` falling in each logical day, in order; empty parts are omitted.
    public func split(from: Date, to: Date) -> [DayPart] {
        guard from < to else { return [] }
        var parts: [DayPart] = []
        var day = self.day(containing: from)
        var cursor = from
        while cursor < to {
            let next = start(of: day.adding(days: 1))
            let end = min(next, to)
            if end > cursor { parts.append(DayPart(day: day, start: cursor, end: end)) }
            cursor = max(cursor, next)
            day = day.adding(days: 1)
        }
        return parts
    }

    // MARK: - Instants as whole seconds since 1970

    func startSeconds(of day: LocalDate) -> Int64 {
        let local = Int64(day.daysSinceEpoch) * 86_400 + Int64(dayStart.secondsAfterMidnight)
        // The instant lies within [local − 14 h, local + 12 h]; sampling the offset at both ends
        // yields the offset before and after any single transition in that window.
        let early = offset(at: local - 14 * 3600), late = offset(at: local + 12 * 3600)
        let candidates = [local - early, local - late].filter { offset(at: $0) == local - $0 }
        if let first = candidates.min() { return first }
        // A gap: the local time does not exist. The next instant that does is the transition.
        var low = min(local - early, local - late), high = max(local - early, local - late)
        let after = offset(at: high)
        while low < high {
            let mid = low + (high - low) / 2
            if offset(at: mid) == after { high = mid } else { low = mid + 1 }
        }
        return low
    }

    private func offset(at seconds: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey { case timeZone = "tz", dayStart = "day_start" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            timeZoneIdentifier: container.decode(String.self, forKey: .timeZone),
            dayStart: container.decode(DayTime.self, forKey: .dayStart)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(dayStart, forKey: .dayStart)
    }
}

/// The part of an interval that falls in one logical day.
public struct DayPart: Sendable, Hashable {
    public let day: LocalDate
    public let start: Date
    public let end: Date

    /// The part's length.
    public var duration: Duration { .between(start, end) }
}

/// A time zone that cannot be used for days.
public enum DayCalendarError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownTimeZone(String)
    case fixedOffset(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let name):
            "unknown time zone '\(name)' (expected an IANA name such as Europe/Berlin)"
        case .fixedOffset(let name):
            "'\(name)' is a fixed UTC offset, not a time zone; use an IANA name such as Asia/Seoul so DST is right"
        }
    }
}

extension Int64 {
    fileprivate func floorDiv(_ divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
