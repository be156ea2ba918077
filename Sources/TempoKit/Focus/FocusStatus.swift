import Foundation

/// What `focus status` shows at one instant: the active session and today's numbers.
///
/// Today's numbers come from ``FocusLedger/report(settings:from:to:now:)``, so they equal
/// what a report says for today at the same instant.
public struct FocusStatus: Sendable, Hashable {
    /// The active session (running or paused), if any.
    public let session: FocusSession?
    /// The time the active session has focused at `now` (zero without one).
    public let sessionElapsed: Duration
    /// The report of today these numbers come from.
    public let report: FocusReport

    /// Whether a session is running (not paused).
    public var isRunning: Bool { session?.stopwatch.state == .running }
    /// Whether a session is paused.
    public var isPaused: Bool { session?.stopwatch.state == .paused }
}

extension FocusLedger {
    /// Today's status at `now`: the active session and the report for today.
    ///
    /// Derived from the sessions of the last ``statusWindowDays`` days when that is enough (a
    /// streak that broke inside them); the whole ledger only for a longer streak. Either way the
    /// numbers are those of the whole ledger's report.
    public func status(settings: FocusSettings, now: Date) throws(DayCalendarError) -> FocusStatus {
        let calendar = try settings.calendar()
        let today = calendar.day(containing: now)
        let recent = reaching(calendar.start(of: today.adding(days: -Self.statusWindowDays)), at: now)
        if recent.sessions.count < sessions.count {
            let status = try recent.wholeStatus(settings: settings, today: today, now: now)
            // Every day from the window's first on is whole in `recent`; a streak that broke on
            // one of them is the whole ledger's streak.
            if status.report.streakDays < Self.statusWindowDays - 2 { return status }
        }
        return try wholeStatus(settings: settings, today: today, now: now)
    }

    /// The days of history a status first looks at.
    public static let statusWindowDays = 62

    /// The sessions that focused at or after `instant` (an active one always does).
    public func reaching(_ instant: Date, at now: Date) -> FocusLedger {
        FocusLedger(sessions: sessions.filter { $0.lastInstant(at: now) >= instant })
    }

    private func wholeStatus(settings: FocusSettings, today: LocalDate, now: Date) throws(DayCalendarError) -> FocusStatus {
        let report = try report(settings: settings, from: today, to: today, now: now)
        let session = active
        return FocusStatus(session: session, sessionElapsed: session?.duration(at: now) ?? .zero, report: report)
    }
}
