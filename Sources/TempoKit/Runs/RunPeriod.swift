import Foundation

/// A calendar stretch runs are totalled over (`tempo run stats --by week|month`).
public enum RunPeriod: String, Sendable, CaseIterable {
    /// ISO 8601 weeks, Monday to Sunday, named `2026-W47`.
    case week
    /// Calendar months, named `2026-11`.
    case month

    /// The start of the period holding `date` and its name, in `zone`.
    public func period(of date: Date, in zone: TimeZone) -> (start: Date, name: String) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        switch self {
        case .week:
            let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            let start = calendar.date(from: parts) ?? date
            return (start, String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0))
        case .month:
            let parts = calendar.dateComponents([.year, .month], from: date)
            let start = calendar.date(from: parts) ?? date
            return (start, String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0))
        }
    }
}
