/// A calendar date (proleptic Gregorian) without a time zone: the name of a logical day.
///
/// Arithmetic is done on days since 1970-01-01, so it is exact and needs no `Calendar`.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A date; throws if the day does not exist (`2023-02-29`).
    public init(year: Int, month: Int, day: Int) throws(LocalDateError) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else {
            throw .invalid("\(year)-\(month)-\(day)")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Parses `YYYY-MM-DD`, a day in ``ValidRange/days`` (1970-01-01 through 2199-12-31).
    public init(parsing text: some StringProtocol) throws(LocalDateError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              let date = try? LocalDate(year: y, month: m, day: d)
        else { throw .invalid(String(text)) }
        guard ValidRange.days.contains(date) else { throw .outOfRange(String(text)) }
        self = date
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { LocalDate.daysSinceEpoch(year: year, month: month, day: day) }

    /// Days since 1970-01-01 of a civil date, without checking that it exists (for parsers that
    /// have checked their fields; Howard Hinnant's days_from_civil).
    @inlinable
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        let d = (daysSinceEpoch + 3) % 7  // 1970-01-01 was a Thursday
        return (d < 0 ? d + 7 : d) + 1
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year), m = month < 10 ? "0\(month)" : "\(month)", d = day < 10 ? "0\(day)" : "\(day)"
        return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try LocalDate(parsing: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Days in `month` (1…12) of the proleptic Gregorian `year`.
    @inlinable
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A date that does not exist or is not written `YYYY-MM-DD`.
public enum LocalDateError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(String)
    /// A date outside ``ValidRange/days``.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .invalid(let text): "'\(text)' is not a date (expected YYYY-MM-DD)"
        case .outOfRange(let text): "'\(text)' is out of range (days run from 1970-01-01 to 2199-12-31)"
        }
    }
}
