import Foundation
import TempoKit

/// A row of the server's `timer` table: one account's timer, or its tombstone.
///
/// Instants are stored as seconds since 1970 (`REAL`), so a stored timer compares equal to the
/// same document sent again, to the bit; `pending_deadline_at` is the deadline the
/// ``TimerDeadlines`` service has yet to announce (null once announced, or when none is due).
struct StoredTimerRow: Sendable {
    /// The owning account.
    var accountID: String
    /// The timer's id, lowercase.
    var id: String
    /// True for a deleted timer (its other fields are null).
    var deleted: Bool
    /// The timer's label, if it has one.
    var label: String?
    /// The countdown's length, seconds.
    var durationSeconds: Double?
    /// `idle`, `running`, `paused` or `cancelled` (a finished timer is stored as running).
    var phase: String?
    /// When it first started (running, paused, cancelled), seconds since 1970.
    var startedAt: Double?
    /// When it reaches (or reached) zero (running), seconds since 1970.
    var deadlineAt: Double?
    /// Seconds it ran before it was paused or cancelled.
    var elapsedSeconds: Double?
    /// When the server first stored the timer (orders the list).
    var createdAt: Double
    /// The deadline still to be announced, seconds since 1970.
    var pendingDeadlineAt: Double?

    /// The row as read from the server's `timer` table (not the CLI store's table of the same name).
    init(row: StoreRow) throws {
        accountID = try row["account_id"]
        id = try row["id"]
        deleted = try row["deleted"]
        label = try row["label"]
        durationSeconds = try row["duration_s"]
        phase = try row["phase"]
        startedAt = try row["started_at"]
        deadlineAt = try row["deadline_at"]
        elapsedSeconds = try row["elapsed_s"]
        createdAt = try row["created_at"]
        pendingDeadlineAt = try row["pending_deadline_at"]
    }

    /// A row storing `timer` (nil: a tombstone).
    init(account: String, id: String, timer: ServerTimer?, createdAt: Date, pendingDeadline: Date?) {
        accountID = account
        self.id = id
        deleted = timer == nil
        label = timer?.label
        durationSeconds = timer?.durationSeconds
        self.createdAt = createdAt.timeIntervalSince1970
        pendingDeadlineAt = pendingDeadline?.timeIntervalSince1970
        switch timer?.phase {
        case nil: break
        case .idle: phase = "idle"
        case .running(let started, let deadline):
            phase = "running"
            startedAt = started.timeIntervalSince1970
            deadlineAt = deadline.timeIntervalSince1970
        case .paused(let started, let elapsed):
            phase = "paused"
            startedAt = started.timeIntervalSince1970
            elapsedSeconds = elapsed.timeInterval
        case .cancelled(let started, let elapsed):
            phase = "cancelled"
            startedAt = started.timeIntervalSince1970
            elapsedSeconds = elapsed.timeInterval
        }
    }

    /// Whether both rows store the same timer (or both a tombstone), whenever each was created
    /// and whatever is pending: compared as stored, to the bit.
    func storesSameTimer(as other: StoredTimerRow) -> Bool {
        deleted == other.deleted && label == other.label && durationSeconds == other.durationSeconds && phase == other.phase
            && startedAt == other.startedAt && deadlineAt == other.deadlineAt && elapsedSeconds == other.elapsedSeconds
    }

    /// The stored timer; nil for a tombstone.
    func timer() throws -> ServerTimer? {
        guard !deleted else { return nil }
        guard let durationSeconds else { throw StoredTimerError.malformed(id) }
        let started = startedAt.map { Date(timeIntervalSince1970: $0) }
        let phase: ServerTimer.Phase
        switch (self.phase, started, deadlineAt, elapsedSeconds) {
        case ("idle", _, _, _): phase = .idle
        case ("running", let started?, let deadline?, _): phase = .running(startedAt: started, deadline: Date(timeIntervalSince1970: deadline))
        case ("paused", let started?, _, let elapsed?): phase = .paused(startedAt: started, elapsed: try duration(elapsed))
        case ("cancelled", let started?, _, let elapsed?): phase = .cancelled(startedAt: started, elapsed: try duration(elapsed))
        default: throw StoredTimerError.malformed(id)
        }
        return ServerTimer(label: label, durationSeconds: durationSeconds, phase: phase)
    }

    /// A stored number of seconds as a duration; a row holding anything else is malformed.
    private func duration(_ seconds: Double) throws -> Duration {
        guard let duration = ValidRange.duration(seconds: seconds) else { throw StoredTimerError.malformed(id) }
        return duration
    }

    /// The account's row for timer `id`, tombstones included.
    static func find(_ db: any StoreTransaction, account: String, id: String) throws -> StoredTimerRow? {
        try StoreRow.fetchOne(db, sql: "SELECT * FROM timer WHERE account_id = ? AND id = ?", arguments: [account, id])
            .map(StoredTimerRow.init(row:))
    }

    /// Stores the row, replacing the account's row of the same id (keeping its place in the list).
    func save(_ db: any StoreTransaction) throws {
        try db.execute(sql: """
            INSERT INTO timer (account_id, id, deleted, label, duration_s, phase, started_at, deadline_at, elapsed_s,
                               created_at, pending_deadline_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (account_id, id) DO UPDATE SET deleted = excluded.deleted, label = excluded.label,
                duration_s = excluded.duration_s, phase = excluded.phase, started_at = excluded.started_at,
                deadline_at = excluded.deadline_at, elapsed_s = excluded.elapsed_s, created_at = excluded.created_at,
                pending_deadline_at = excluded.pending_deadline_at
            """, arguments: [accountID, id, deleted, label, durationSeconds, phase, startedAt, deadlineAt, elapsedSeconds,
                             createdAt, pendingDeadlineAt])
    }
}
