import Foundation
import TempoKit

/// Instants as people read them in one zone, on a 24-hour clock: the one place both binaries
/// write local times.
///
/// Written from the zone's offset at the instant and the proleptic Gregorian calendar, which is
/// what `DateFormatter` (ICU) prints for every instant Tempo keeps (``ValidRange/instants``,
/// 1970–2199), without the formatter's start-up (TempoCLITests.WallTimeTests compares the two
/// across every zone and around every offset change).
package struct WallTime: Sendable {
    /// The zone local times are read in.
    package var zone: TimeZone

    package init(zone: TimeZone) {
        self.zone = zone
    }

    /// `2026-11-21 18:49:05`; when that wall time happens twice (a DST fold) the offset follows
    /// (`2026-11-01 01:30:00 -04:00`) so the instant is never in doubt.
    package func instant(_ date: Date) -> String {
        let wall = wall(date)
        let text = LocalDate(daysSinceEpoch: wall.day).description + " " + clock(wall.second, seconds: true)
        return isAmbiguous(date) ? text + " " + offset(date) : text
    }

    /// `2026-11-21`, the local date of `date`.
    package func date(_ date: Date) -> String {
        LocalDate(daysSinceEpoch: wall(date).day).description
    }

    /// `18:49`, the local wall time of `date` (offset added in a fold).
    package func time(_ date: Date) -> String {
        let text = clock(wall(date).second, seconds: false)
        return isAmbiguous(date) ? text + " " + offset(date) : text
    }

    /// `18:30:05` when `date` is on the same local day as `now`, else ``instant(_:)``.
    package func describe(_ date: Date, relativeTo now: Date) -> String {
        let full = instant(date)
        guard wall(date).day == wall(now).day else { return full }
        return String(full.dropFirst("yyyy-MM-dd ".count))
    }

    /// Whether the wall time of `date` also names another instant in the zone (a DST fold).
    package func isAmbiguous(_ date: Date) -> Bool {
        let offset = zone.secondsFromGMT(for: date)
        let wall = date.addingTimeInterval(TimeInterval(offset))
        // Zones change offset at most once in a few hours; the offsets a day either side cover a fold.
        for probe in [-86_400.0, 86_400.0] {
            let other = zone.secondsFromGMT(for: date.addingTimeInterval(probe))
            guard other != offset else { continue }
            let candidate = wall.addingTimeInterval(-TimeInterval(other))
            if zone.secondsFromGMT(for: candidate) == other { return true }
        }
        return false
    }

    private static let secondsPerDay = 86_400

    /// The local day (days since 1970-01-01) and the second within it; fractions of a second
    /// are dropped, as a clock shows them.
    private func wall(_ date: Date) -> (day: Int, second: Int) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let day = local >= 0 ? local / Self.secondsPerDay : (local - Self.secondsPerDay + 1) / Self.secondsPerDay
        return (day, local - day * Self.secondsPerDay)
    }

    /// `18:49:05` or `18:49` from the second of the day.
    private func clock(_ second: Int, seconds: Bool) -> String {
        let text = Self.twoDigits(second / 3600) + ":" + Self.twoDigits(second / 60 % 60)
        return seconds ? text + ":" + Self.twoDigits(second % 60) : text
    }

    /// `+01:00`, `-04:00`, `+05:45`: the offset in hours and minutes (ICU's `xxx`).
    private func offset(_ date: Date) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + Self.twoDigits(minutes / 60) + ":" + Self.twoDigits(minutes % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
