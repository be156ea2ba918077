import Foundation

/// What the timer daemon does next with the countdowns that asked to ring: the pure step of
/// `tempo timer daemon`, which only reads the store, sleeps and rings.
///
/// A countdown rings once, at or after the instant it reaches zero; a paused one waits for a
/// `resume` (which starts the daemon again), a cancelled one never rings. The daemon has nothing
/// left to do (``isIdle``) when no countdown is due and none is running towards a deadline.
public struct AlarmPlan<ID: Hashable & Sendable>: Sendable, Equatable {
    /// The countdowns that reached zero and have not rung yet, earliest first.
    public let due: [ID]
    /// The earliest deadline still ahead (a running countdown), nil when none is.
    public let nextDeadline: Date?

    /// The plan at `now` for `countdowns` (the ones with an alarm that has not rung).
    public init(countdowns: [(id: ID, countdown: Countdown)], at now: Date) {
        var due: [(ID, Date)] = []
        var next: Date?
        for (id, countdown) in countdowns {
            switch countdown.state(at: now) {
            case .finished:
                due.append((id, countdown.finishedAt ?? now))
            case .running:
                if let deadline = countdown.deadline { next = min(next ?? deadline, deadline) }
            case .idle, .paused, .cancelled:
                break
            }
        }
        self.due = due.sorted { $0.1 < $1.1 }.map(\.0)
        nextDeadline = next
    }

    /// True when nothing is due and nothing runs towards a deadline: the daemon may exit.
    public var isIdle: Bool { due.isEmpty && nextDeadline == nil }
}
