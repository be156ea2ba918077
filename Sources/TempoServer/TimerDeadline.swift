import Foundation

/// One running timer's deadline, as the ``TimerDeadlines`` service schedules it.
///
/// The deadline is part of the identity: a timer rescheduled to another deadline is another
/// `TimerDeadline`, and a firing is announced only if the stored `pending_deadline_at` is still
/// exactly `secondsSince1970` (so a stale firing does nothing).
struct TimerDeadline: Hashable, Sendable {
    /// The owning account.
    let account: String
    /// The timer's id, lowercase.
    let timerID: String
    /// The wall-clock deadline, seconds since 1970, exactly as stored.
    let secondsSince1970: Double

    /// Every deadline still to be announced, all accounts (what a starting server schedules).
    static func pending(_ db: any StoreTransaction) throws -> [TimerDeadline] {
        try StoreRow.fetchAll(db, sql: "SELECT * FROM timer WHERE pending_deadline_at IS NOT NULL")
            .map(StoredTimerRow.init(row:)).compactMap(\.pendingDeadline)
    }

    /// The account's deadlines still to be announced.
    static func pending(_ db: any StoreTransaction, account: String) throws -> [TimerDeadline] {
        try StoreRow.fetchAll(db, sql: "SELECT * FROM timer WHERE account_id = ? AND pending_deadline_at IS NOT NULL", arguments: [account])
            .map(StoredTimerRow.init(row:)).compactMap(\.pendingDeadline)
    }
}

extension StoredTimerRow {
    /// The deadline this row still has to announce.
    var pendingDeadline: TimerDeadline? {
        pendingDeadlineAt.map { TimerDeadline(account: accountID, timerID: id, secondsSince1970: $0) }
    }
}
