import Foundation

/// Instants shown to people in the configured zone (``Display/zone``), 24-hour clock.
enum LocalTime {
    /// `18:30:05` when `date` is on the same local day as `now`, else `2026-11-20 18:30:05`; the
    /// offset follows a wall time that a DST fold makes ambiguous.
    static func describe(_ date: Date, relativeTo now: Date, in display: Display) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = display.zone
        let full = display.instant(date)
        guard calendar.isDate(date, inSameDayAs: now) else { return full }
        return String(full.dropFirst("yyyy-MM-dd ".count))
    }
}
