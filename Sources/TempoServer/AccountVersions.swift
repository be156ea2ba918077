import Synchronization

/// A counter per account that moves on every committed change of its records: what is derived
/// from an account's records (its focus status) is cached under the version it was derived at,
/// and a change makes every such entry stale at once.
final class AccountVersions: Sendable {
    private let versions = Mutex<[String: UInt64]>([:])

    /// The account's current version (0 until its first change in this process).
    func current(_ account: String) -> UInt64 {
        versions.withLock { $0[account] ?? 0 }
    }

    /// Moves the account's version on, after a change of its records committed.
    func bump(_ account: String) {
        versions.withLock { $0[account, default: 0] &+= 1 }
    }
}
