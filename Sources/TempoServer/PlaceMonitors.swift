import Foundation

/// Keeps each account's `AccountMonitor` in memory between batches, so a batch of fixes costs
/// the monitor's work and one transaction, not a rebuild.
///
/// A batch takes its account's monitor out (a concurrent batch of the same account then
/// rebuilds from the database inside its own transaction, after the first committed) and puts
/// it back after its transaction committed; a copy older than the one held is dropped. A
/// failed transaction loses the copy, so the next batch rebuilds from what was committed.
actor PlaceMonitors {
    private var monitors: [String: AccountMonitor] = [:]
    /// Accounts kept at most; beyond it an arbitrary one is dropped (it is rebuilt when needed).
    static let capacity = 10_000

    /// The account's monitor, removed from the cache, if held.
    func take(account: String) -> AccountMonitor? {
        monitors.removeValue(forKey: account)
    }

    /// Keeps a monitor whose state was committed, unless a newer one is held.
    func put(_ monitor: AccountMonitor, account: String) {
        if let held = monitors[account], held.revision >= monitor.revision { return }
        if monitors.count >= Self.capacity, monitors[account] == nil, let any = monitors.keys.first { monitors[any] = nil }
        monitors[account] = monitor
    }

    /// Marks the account's stored monitor as changed by a place change: the place `name` starts
    /// `unknown` again (as the CLI's places session does for a changed place), and every copy in
    /// memory becomes stale. Runs in the place change's transaction.
    static func placesChanged(_ db: any StoreTransaction, account: String, name: String) throws {
        try db.execute(sql: "DELETE FROM place_state WHERE account_id = ? AND name = ?", arguments: [account, name])
        try db.execute(sql: """
            INSERT INTO place_monitor (account_id, revision) VALUES (?, 1)
            ON CONFLICT(account_id) DO UPDATE SET revision = place_monitor.revision + 1
            """, arguments: [account])
    }
}
