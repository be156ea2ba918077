import Foundation

/// What `focus status` shows at one instant: the active session and today's numbers.
///
/// Today's numbers come from ``FocusLedger/report(settings:from:to:now:)``, so they equal
/// what a report says for today at the same instant.
public struct FocusStatus: Sendable, Hashable {
    /// The active session (running or paused), if any.
    public let session: FocusSession?
    /// Seconds the active session has focused at `now` (0 without one).
    public let sessionSeconds: Double
    /// The report of today these numbers come from.
    public let report: FocusReport

    /// Whether a session is running (not paused).
    public var isRunning: Bool { session?.stopwatch.state == .running }
    /// Whether a session is paused.
    public var isPaused: Bool { session?.stopwatch.state == .paused }
}

extension FocusLedger {
    /// Today's status at `now`: the active session and the report for today.
    public func status(settings: FocusSettings, now: Date) throws(DayCalendarError) -> FocusStatus {
        let today = try settings.calendar().day(containing: now)
        let report = try report(settings: settings, from: today, to: today, now: now)
        let session = active
        return FocusStatus(session: session, sessionSeconds: session?.durationSeconds(at: now) ?? 0, report: report)
    }
}
