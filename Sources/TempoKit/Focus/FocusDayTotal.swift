import Foundation

/// One logical day's stored focus: what a store keeps per day so that a status or a streak
/// reads days, not sessions.
///
/// Made by ``FocusLedger/dayTotals(settings:from:to:)`` from the closed segments of sessions,
/// so a stored total is the report's total of the same day whenever no segment is open across it.
public struct FocusDayTotal: Sendable, Hashable {
    /// The logical day (zone and day start of the settings it was computed with).
    public let date: LocalDate
    /// Focus within the day.
    public var total: Duration { .seconds(totalSeconds) }
    /// ``total`` in seconds, as stored.
    package let totalSeconds: Double
    /// How many sessions have focus time within the day.
    public let sessionCount: Int

    /// A day's total, as a store that keeps them read it.
    public init(date: LocalDate, total: Duration, sessionCount: Int) {
        self.init(date: date, totalSeconds: total.timeInterval, sessionCount: sessionCount)
    }

    /// A day's total as stored, in seconds.
    package init(date: LocalDate, totalSeconds: Double, sessionCount: Int) {
        self.date = date
        self.totalSeconds = totalSeconds
        self.sessionCount = sessionCount
    }
}
