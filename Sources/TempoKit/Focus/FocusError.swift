import Foundation

/// Why the focus ledger refused an operation, in words a person understands.
public enum FocusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No session is running or paused.
    case noActiveSession
    /// The operation does not fit the active session's state (pause when paused…).
    case stopwatch(StopwatchError)
    /// A session's end is not after its start.
    case endNotAfterStart(start: Date, end: Date)
    /// An added session would end after `now`.
    case endsInFuture(end: Date)
    /// An added session overlaps an existing one (named for the message); adding with
    /// `trim: true` keeps only the time around it.
    case overlap(session: String, start: Date, end: Date)
    /// Trimming left nothing of the added session.
    case fullyCovered
    /// A time could not be read.
    case invalidTime(String)
    /// A local time that does not exist in the zone (skipped by a DST change).
    case nonexistentLocalTime(String, zone: String)
    /// A duration could not be read.
    case invalidDuration(String)
    /// A value outside ``ValidRange``.
    case outOfRange(OutOfRange)
    /// No session has this id.
    case noSuchSession(String)
    /// A change of history would overlap another session's focused time (named).
    case conflict(session: String, start: Date, end: Date)
    /// `--end` given for a session still running or paused.
    case activeSessionHasNoEnd(String)
    /// An `--at` instant after now.
    case atInFuture(Date)
    /// An `--at` instant before the active session's last recorded change.
    case atBeforeLastChange(Date, session: String, last: Date)
    /// Nothing left to undo.
    case nothingToUndo

    /// The message, instants in UTC (ISO 8601).
    public var description: String { description(instant: { $0.formatted(Date.ISO8601FormatStyle()) }) }

    /// The message with each instant written by `instant`: a tool writes them as the person's
    /// local time, the way they were typed.
    public func description(instant show: (Date) -> String) -> String {
        switch self {
        case .noActiveSession: "no focus session is running or paused"
        case .stopwatch(let error): "focus session: \(error.description)"
        case .endNotAfterStart(let start, let end):
            "the end (\(show(end))) must be after the start (\(show(start)))"
        case .endsInFuture(let end): "the end (\(show(end))) is in the future; only past sessions can be added"
        case .overlap(let session, let start, let end):
            "overlaps session \(session) (\(show(start)) to \(show(end)))"
        case .fullyCovered: "nothing left to add: existing sessions cover the whole interval"
        case .invalidTime(let text):
            "'\(text)' is not a time (expected 09:00, yesterday 9:00, monday 14:30, -15m, now, 2024-03-31 01:30 or 2024-03-31T01:30:00+01:00)"
        case .nonexistentLocalTime(let text, let zone):
            "'\(text)' does not exist in \(zone): the clocks skipped it (daylight saving time starts)"
        case .invalidDuration(let text): "'\(text)' is not a duration (expected 25m, 1h30m, 90s or 1:30:00)"
        case .outOfRange(let error): error.description
        case .noSuchSession(let id): "no focus session '\(id)'"
        case .conflict(let session, let start, let end):
            "overlaps session \(session) (\(show(start)) to \(show(end)))"
        case .activeSessionHasNoEnd(let session):
            "session \(session) is still running or paused; stop it with `tempo focus stop --at TIME`"
        case .atInFuture(let instant): "--at \(show(instant)) is in the future"
        case .atBeforeLastChange(let instant, let session, let last):
            "--at \(show(instant)) is before the last change of session \(session) (\(show(last)))"
        case .nothingToUndo: "nothing to undo"
        }
    }
}
