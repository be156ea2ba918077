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
    typealias Phase = Countdown.Phase

    /// The timer's label, if it has one.
    let label: String?
    /// The countdown's length, seconds (positive).
    let durationSeconds: Double
    /// What it was doing.
    let phase: Phase

    /// The countdown these instants describe, with the fewest segments that give the same status
    /// at every instant: pauses before the current run are one gap after `started_at`.
    func countdown() throws(CountdownError) -> Countdown {
        guard let duration = ValidRange.duration(seconds: durationSeconds) else { throw .invalidDuration }
        return try Countdown(duration: duration, phase: phase)
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
