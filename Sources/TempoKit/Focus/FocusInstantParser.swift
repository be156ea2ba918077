import Foundation

/// Reads the instants people type wherever a focus command takes a time (`--at`, `--start`,
/// `--end`, `--from`…): the one parser of human time entry. Pure: `now` and the zone are the
/// caller's.
///
/// Accepted (case-insensitive, local times in `zone`):
/// - an instant: ISO 8601 with an offset, `2024-03-31T01:30:00+01:00`, `2024-03-31 01:30Z`;
/// - a local date and time: `2024-03-31 01:30`, `2024-03-31T01:30[:SS]`;
/// - a time of day today: `09:00`, `9:00`, `09:00:30` (today is `now`'s calendar date in `zone`,
///   midnight to midnight, whatever the configured day start; the result may lie after `now`);
/// - a time on a named day: `yesterday 9:00`, `today 9:00`, `monday 14:30` (`mon`… too): a
///   weekday means the most recent such date ON OR BEFORE today, so `monday 14:30` typed on a
///   Monday is today;
/// - `now`, or a moment before it: `-15m`, `-1h30m`, `-90s` (exact seconds before `now`).
///
/// A local time skipped by a DST change is refused; one that occurs twice (clocks set back)
/// means its FIRST occurrence, the same rule ``DayCalendar`` uses for day starts — write an
/// offset to name the second.
public enum FocusInstantParser {
    /// The instant `text` names at `now`; local times are read in `zone`.
    public static func parse(_ text: String, now: Date, in zone: TimeZone) throws(FocusError) -> Date {
        let trimmed = text.trimmingSpaces().lowercased()
        let instant: Date
        if trimmed == "now" {
            instant = now
        } else if trimmed.hasPrefix("-") {
            guard let seconds = try? DurationParser.seconds(String(trimmed.dropFirst())) else { throw .invalidTime(text) }
            instant = now.addingTimeInterval(-seconds)
        } else if let (day, secondOfDay) = dayAndTime(trimmed, now: now, zone: zone) {
            instant = try local(seconds: Int64(day.daysSinceEpoch) * 86_400 + Int64(secondOfDay), fraction: 0, text: text, zone: zone)
        } else if let reading = ISO8601Time.reading(text.trimmingSpaces()) {
            if reading.offsetSeconds != nil {
                instant = reading.instantAssumingUTC
            } else {
                instant = try local(seconds: Int64(reading.localSeconds), fraction: reading.fraction, text: text, zone: zone)
            }
        } else {
            throw .invalidTime(text)
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

    /// `now`'s calendar date in `zone`.
    public static func today(at now: Date, in zone: TimeZone) -> LocalDate {
        let local = now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))
        return LocalDate(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }

    private static func local(seconds: Int64, fraction: Double, text: String, zone: TimeZone) throws(FocusError) -> Date {
        guard let first = firstInstant(ofLocalSeconds: seconds, in: zone) else {
            throw .nonexistentLocalTime(text, zone: zone.identifier)
        }
        return Date(timeIntervalSince1970: Double(first) + fraction)
    }

    /// Weekday words and their ISO numbers (Monday 1 … Sunday 7).
    private static let weekdays: [String: Int] = [
        "monday": 1, "mon": 1, "tuesday": 2, "tue": 2, "wednesday": 3, "wed": 3, "thursday": 4, "thu": 4,
        "friday": 5, "fri": 5, "saturday": 6, "sat": 6, "sunday": 7, "sun": 7,
    ]

    /// `[DAY ]H:MM[:SS]` → the local date and the second of its day, or nil for another form.
    private static func dayAndTime(_ text: String, now: Date, zone: TimeZone) -> (LocalDate, Int)? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count), let secondOfDay = timeOfDay(words[words.count - 1]) else { return nil }
        let today = today(at: now, in: zone)
        guard words.count == 2 else { return (today, secondOfDay) }
        switch words[0] {
        case "today": return (today, secondOfDay)
        case "yesterday": return (today.adding(days: -1), secondOfDay)
        default:
            guard let weekday = weekdays[String(words[0])] else { return nil }
            return (today.adding(days: -((today.isoWeekday - weekday + 7) % 7)), secondOfDay)
        }
    }

    /// `H:MM` or `H:MM:SS` (hour 0–23) → seconds since midnight.
    private static func timeOfDay(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers[0] < 24, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
    }
}
