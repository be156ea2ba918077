import Synchronization

/// A counter per account that moves on every committed change of its records: what is derived
/// from an account's records (its focus status) is cached under the version it was derived at,
/// and a change makes every such entry stale at once.
///
/// The counters are complete when they see every change: on SQLite always (this process is the
/// only writer); on PostgreSQL while this process receives the other processes' notifications
/// (``PostgresNotifications``). Counters that may have missed changes are not used (see
/// ``LiveHub/version(of:)``), and when they become complete again every account moves on.
final class AccountVersions: Sendable {
    private struct State {
        var counters: [String: UInt64] = [:]
        /// Moved on by ``seeingAllChanges()``: part of every version, so entries cached before are stale.
        var generation: UInt64 = 0
        var isComplete: Bool
    }

    private let state: Mutex<State>

    /// Counters that are complete from the start (SQLite) or not until told (PostgreSQL).
    init(complete: Bool) {
        state = Mutex(State(isComplete: complete))
    }

    /// The account's current version, if the counters are complete. Versions read from the
    /// database instead have ``databaseVersionBit`` set, so the two never coincide.
    func current(_ account: String) -> UInt64? {
        state.withLock { state in
            state.isComplete ? state.generation << 40 | (state.counters[account] ?? 0) & (1 << 40 - 1) : nil
        }
    }

    /// Set in a version read from the database.
    static let databaseVersionBit: UInt64 = 1 << 63

    /// Moves the account's version on, after a change of its records committed.
    func bump(_ account: String) {
        state.withLock { $0.counters[account, default: 0] &+= 1 }
    }

    /// Changes may be going unseen (the notifications' connection was lost): the counters are
    /// not used until ``seeingAllChanges()``.
    func missedChanges() {
        state.withLock { $0.isComplete = false }
    }

    /// Every change is seen from now on: every account's version moves on (what happened while
    /// changes went unseen is not known), and the counters are used again.
    func seeingAllChanges() {
        state.withLock { state in
            state.generation &+= 1
            state.counters = [:]
            state.isComplete = true
        }
    }
}
