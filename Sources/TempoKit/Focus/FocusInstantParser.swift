import Foundation

/// Reads the instants people type for `focus add`: ISO 8601 with an offset, or a local time.
/// The grammar is ``ISO8601Time``'s; what this adds is the rule for a time without an offset.
///
/// Accepted: `2024-03-31T01:30:00+01:00`, `2024-03-31T00:30Z`, `2024-03-31 01:30+0100` (an
/// instant), and `2024-03-31 01:30` or `2024-03-31T01:30[:SS]` without an offset (a local time
/// in `zone`). A local time skipped by a DST change is refused; one that occurs twice (clocks
/// set back) means its FIRST occurrence, the same rule ``DayCalendar`` uses for day starts —
/// write an offset to name the second.
public enum FocusInstantParser {
    /// The instant `text` names; local times are read in `zone`.
    public static func parse(_ text: String, in zone: TimeZone) throws(FocusError) -> Date {
        guard let reading = ISO8601Time.reading(text) else { throw .invalidTime(text) }
        let instant: Date
        if reading.offsetSeconds != nil {
            instant = reading.instantAssumingUTC
        } else {
            guard let seconds = firstInstant(ofLocalSeconds: Int64(reading.localSeconds), in: zone) else {
                throw .nonexistentLocalTime(text, zone: zone.identifier)
            }
            instant = Date(timeIntervalSince1970: Double(seconds) + reading.fraction)
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
}
