import Foundation

/// Reads the instants people type for `focus add`: ISO 8601 with an offset, or a local time.
///
/// Accepted: `2024-03-31T01:30:00+01:00`, `2024-03-31T00:30Z`, `2024-03-31 01:30+0100` (an
/// instant), and `2024-03-31 01:30` or `2024-03-31T01:30[:SS]` without an offset (a local time
/// in `zone`). A local time skipped by a DST change is refused; one that occurs twice (clocks
/// set back) means its FIRST occurrence, the same rule ``DayCalendar`` uses for day starts —
/// write an offset to name the second.
public enum FocusInstantParser {
    /// The instant `text` names; local times are read in `zone`.
    public static func parse(_ text: String, in zone: TimeZone) throws(FocusError) -> Date {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$"#
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed))
        else { throw .invalidTime(text) }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: trimmed).map { String(trimmed[$0]) }
        }
        guard let year = group(1).flatMap(Int.init), let month = group(2).flatMap(Int.init),
              let day = group(3).flatMap(Int.init), let hour = group(4).flatMap(Int.init),
              let minute = group(5).flatMap(Int.init),
              let date = try? LocalDate(year: year, month: month, day: day),
              hour < 24, minute < 60
        else { throw .invalidTime(text) }
        let second = group(6).flatMap(Int.init) ?? 0
        guard second < 60 else { throw .invalidTime(text) }
        let fraction = group(7).flatMap(Double.init) ?? 0
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)

        let instant: Date
        if let offsetText = group(8) {
            guard let offset = parseOffset(offsetText) else { throw .invalidTime(text) }
            instant = Date(timeIntervalSince1970: Double(local - offset) + fraction)
        } else {
            guard let seconds = firstInstant(ofLocalSeconds: local, in: zone) else {
                throw .nonexistentLocalTime(text, zone: zone.identifier)
            }
            instant = Date(timeIntervalSince1970: Double(seconds) + fraction)
        }
        do { try ValidRange.check(instant: instant, "the time") } catch { throw .outOfRange(error) }
        return instant
    }

    /// The earliest instant whose local reading in `zone` is `local` (seconds since
    /// 1970-01-01T00:00 local), or nil when the clocks skipped it.
    public static func firstInstant(ofLocalSeconds local: Int64, in zone: TimeZone) -> Int64? {
        func offset(_ t: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))) }
        let early = offset(local - 14 * 3600), late = offset(local + 12 * 3600)
        return [local - early, local - late].filter { offset($0) == local - $0 }.min()
    }

    private static func parseOffset(_ text: String) -> Int64? {
        if text == "Z" { return 0 }
        let sign: Int64 = text.hasPrefix("-") ? -1 : 1
        let digits = text.dropFirst().filter(\.isNumber)
        guard digits.count == 2 || digits.count == 4,
              let hours = Int64(digits.prefix(2)), let minutes = Int64(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
              hours <= 23, minutes <= 59
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
