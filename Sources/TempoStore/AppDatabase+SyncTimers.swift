import Foundation
import GRDB
import TempoKit

/// Countdown timers in sync: a timer is pushed when what its status documents say (its
/// ``SyncedTimer``, which does not change as it counts down) differs from what the server
/// acknowledged; a pulled or acknowledged status document replaces the local timer of its id.
/// Only the server's deletions travel (pulled): `tempo timer clear` tidies this store's list and
/// is not pushed, so the server keeps what it was sent. For a timer
/// changed on two devices the last push wins, as for places.
extension AppDatabase {
    /// Timers new or changed since the server acknowledged them, oldest first.
    static func timerOutbox(_ db: Database, acknowledged: [String: String]) throws -> [SyncOutgoing] {
        try loadTimers(db, TimerRow.all()).reversed().compactMap { timer in
            acknowledged[timer.id.uuidString.lowercased()] == (try digest(SyncedTimer(timer))) ? nil : .timer(timer)
        }
    }

    /// Makes the timer `document` describes the local timer of its id and acknowledges it; true
    /// when the store changed (the status documents differed).
    static func applyTimer(_ document: TimerStatus, in db: Database) throws -> Bool {
        let existing = try UUID(uuidString: document.id).flatMap { try loadTimers(db, TimerRow.filter(key: $0.uuidString)).first }
        var timer = try document.timer(createdAt: existing?.createdAt ?? Date())
        if let existing { timer.createdAt = existing.createdAt }
        let digest = try digest(SyncedTimer(timer))
        try acknowledge(db, kind: SyncKind.timer, id: document.id.lowercased(), digest: digest)
        if let existing, try Self.digest(SyncedTimer(existing)) == digest { return false }
        if existing != nil { try TimerRow.deleteOne(db, key: timer.id.uuidString) }
        try save(timer, in: db, isNew: true)
        return true
    }

    /// Removes a timer the server deleted and forgets its acknowledgement.
    static func applyTimerDeletion(id: String, in db: Database) throws -> Bool {
        let deleted = try UUID(uuidString: id).map { try TimerRow.deleteOne(db, key: $0.uuidString) } ?? false
        try db.execute(sql: "DELETE FROM sync_ack WHERE kind = ? AND id = ?", arguments: [SyncKind.timer, id.lowercased()])
        return deleted
    }
}
