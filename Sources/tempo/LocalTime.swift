import Foundation

/// Instants shown to people in the machine's time zone, 24-hour clock.
enum LocalTime {
    /// `18:30:05` when `date` is on the same local day as `now`, else `2026-11-20 18:30:05`.
    static func describe(_ date: Date, relativeTo now: Date) -> String {
        let sameDay = Calendar.current.isDate(date, inSameDayAs: now)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = sameDay ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
