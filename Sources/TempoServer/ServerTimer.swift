import Foundation
import TempoKit
import TempoStore

/// A countdown timer as the server keeps it: its label, its length and the few instants that
/// fix its status at every later instant (the keys of `tempo timer status --json` say no more).
///
/// A `finished` document is kept as a running timer whose deadline is its `finished_at`: from
/// that instant on both read `finished`, and before it (a client clock ahead of the server's)
/// it reads `running`. The status at an instant is derived by TempoKit's ``Countdown``.
struct ServerTimer: Sendable, Equatable {
    /// What the timer was doing when it was stored.
    enum Phase: Sendable, Equatable {
        /// Not started.
        case idle
        /// Running (or finished) since `startedAt`, reaching zero at `deadline`.
        case running(startedAt: Date, deadline: Date)
        /// Paused after running `elapsedSeconds` in all.
        case paused(startedAt: Date, elapsedSeconds: Double)
        /// Cancelled after running `elapsedSeconds` in all.
        case cancelled(startedAt: Date, elapsedSeconds: Double)
    }

    /// The timer's label, if it has one.
    let label: String?
    /// The countdown's length, seconds (positive).
    let durationSeconds: Double
    /// What it was doing.
    let phase: Phase

    /// The countdown these instants describe, with the fewest segments that give the same status
    /// at every instant: pauses before the current run are one gap after `started_at`.
    func countdown() throws(CountdownError) -> Countdown {
        let segments: [Stopwatch.Segment]
        var stoppedAt: Date?
        switch phase {
        case .idle:
            return try Countdown(durationSeconds: durationSeconds)
        case .running(let startedAt, let deadline):
            let runningSince = deadline.addingTimeInterval(-durationSeconds)
            segments = runningSince > startedAt
                ? [Stopwatch.Segment(start: startedAt, end: startedAt), Stopwatch.Segment(start: runningSince)]
                : [Stopwatch.Segment(start: startedAt)]
        case .paused(let startedAt, let elapsedSeconds):
            segments = [Stopwatch.Segment(start: startedAt, end: startedAt.addingTimeInterval(elapsedSeconds))]
        case .cancelled(let startedAt, let elapsedSeconds):
            let end = startedAt.addingTimeInterval(elapsedSeconds)
            segments = [Stopwatch.Segment(start: startedAt, end: end)]
            stoppedAt = end
        }
        let stopwatch: Stopwatch
        do { stopwatch = try Stopwatch(segments: segments, stoppedAt: stoppedAt) } catch { throw .stopwatch(error) }
        return try Countdown(durationSeconds: durationSeconds, stopwatch: stopwatch, cancelledAt: stoppedAt)
    }

    /// The timer `id` as it stands at `now`: the document `tempo timer status --json` prints.
    func status(id: UUID, createdAt: Date, at now: Date) throws -> TimerStatus {
        TimerStatus(TimerRecord(id: id, label: label, createdAt: createdAt, countdown: try countdown()), at: now)
    }

    /// The deadline still to be announced when the timer is stored at `now`: that of a timer
    /// running at `now`; nil for one that is not running or already finished then (its stored
    /// document already says `finished`).
    func pendingDeadline(at now: Date) throws -> Date? {
        let countdown = try countdown()
        guard let deadline = countdown.deadline, countdown.state(at: now) == .running else { return nil }
        return deadline
    }
}
