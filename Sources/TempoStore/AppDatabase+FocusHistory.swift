import Foundation
import GRDB
import TempoKit

/// Fixing focus history: edit, delete, continue and undo, each in one transaction that also
/// writes (or, for undo, consumes) the undo journal, through the same save path as every
/// other change of the ledger.
extension AppDatabase {
    /// Changes a stored session's start, end or tags (see ``FocusLedger/edit(id:start:end:tags:now:)``).
    /// `reference` is an id or id prefix (at least 4 hex digits).
    @discardableResult
    public func editFocusSession(_ reference: String, start: Date?, end: Date?, tags: [String]?, now: Date) throws -> FocusSession {
        try perform(.write) { db in
            let target = try Self.resolveSession(reference, in: db)
            let low = [start, target.startedAt].compactMap { $0 }.min() ?? now
            let high = [end, target.lastInstant(at: now)].compactMap { $0 }.max() ?? now
            let before = FocusLedger(sessions: try Self.loadSessions(db, overlapping: low, high))
            var ledger = before
            let edited = try ledger.edit(id: target.id, start: start, end: end, tags: tags, now: now)
            try Self.saveChanges(from: before, to: ledger, in: db, journal: "edit")
            return edited
        }
    }

    /// Deletes a stored session (active or stopped), named by id or id prefix.
    @discardableResult
    public func deleteFocusSession(_ reference: String) throws -> FocusSession {
        try perform(.write) { db in
            let target = try Self.resolveSession(reference, in: db)
            let before = FocusLedger(sessions: [target])
            var ledger = before
            let deleted = try ledger.delete(id: target.id)
            try Self.saveChanges(from: before, to: ledger, in: db, journal: "delete")
            return deleted
        }
    }

    /// Starts a new session at `at` (nil: `now`) with the tags of the session `reference`
    /// names, or of the latest session when nil; an active session is stopped at that instant.
    /// A given `at` is checked as ``FocusLedger/checkBackdated(_:starting:now:)`` says.
    public func continueFocus(_ reference: String?, at: Date?, now: Date) throws -> (stopped: FocusSession?, started: FocusSession) {
        try perform(.write) { db in
            let source: FocusSession
            if let reference {
                source = try Self.resolveSession(reference, in: db)
            } else {
                guard let latest = try Self.latestSession(in: db) else { throw FocusError.noSuchSession("(none recorded yet)") }
                source = latest
            }
            let before = FocusLedger(sessions: try Self.loadSessions(db, overlapping: at ?? now, .distantFuture))
            var ledger = before
            if let at { try ledger.checkBackdated(at, starting: true, now: now) }
            let result = ledger.start(tags: source.tags, at: at ?? now)
            try Self.saveChanges(from: before, to: ledger, in: db, journal: "continue")
            return result
        }
    }

    /// Takes back the latest change of the ledger still in the journal: the sessions it added
    /// are removed and the ones it replaced or removed come back as they were. Returns what was
    /// undone (`start thesis (ab12cd34)`).
    public func undoFocus() throws -> String {
        try perform(.write) { db in
            guard let entry = try FocusUndoRow.order(FocusUndoRow.Columns.seq.desc).fetchOne(db) else {
                throw FocusError.nothingToUndo
            }
            let restored = try entry.beforeSessions()
            let ids = Set(try entry.createdIDs() + restored.map(\.id))
            let current = FocusLedger(sessions: try Self.loadSessions(db, ids: ids))
            try Self.saveChanges(from: current, to: FocusLedger(sessions: restored), in: db, journal: nil)
            try entry.delete(db)
            return entry.action
        }
    }

    /// The changes `focus undo` can take back, latest first (at most `limit`).
    public func focusUndoJournal(limit: Int) throws -> [String] {
        try perform(.read) { db in
            try FocusUndoRow.order(FocusUndoRow.Columns.seq.desc).limit(limit).fetchAll(db).map(\.action)
        }
    }

    /// The session an id or id prefix names.
    public func focusSession(_ reference: String) throws -> FocusSession {
        try perform(.read) { db in try Self.resolveSession(reference, in: db) }
    }

    /// Records a change for `focus undo`, dropping entries beyond ``FocusUndoRow/depth``.
    static func journal(_ action: String, before: [FocusSession], created: [FocusSession], in db: Database) throws {
        try FocusUndoRow(action: action, before: before, created: created).insert(db)
        try FocusUndoRow.filter(FocusUndoRow.Columns.seq <= db.lastInsertedRowID - Int64(FocusUndoRow.depth)).deleteAll(db)
    }

    private static func resolveSession(_ reference: String, in db: Database) throws -> FocusSession {
        try RecordReference.resolve(
            reference, kind: "focus session",
            byIDPrefix: { prefix in
                // LIKE ignores ASCII case: a lowercase prefix finds the uppercase stored id.
                let ids = try String.fetchAll(db, FocusSessionRow.select(FocusSessionRow.Columns.id)
                    .filter(FocusSessionRow.Columns.id.like(prefix + "%")))
                return try loadSessions(db, ids: Set(ids.compactMap(UUID.init(uuidString:))))
            },
            name: \.displayName)
    }

    private static func latestSession(in db: Database) throws -> FocusSession? {
        guard let id = try String.fetchOne(db, FocusSessionRow.select(FocusSessionRow.Columns.id)
            .order(FocusSessionRow.Columns.firstAt.desc)),
            let uuid = UUID(uuidString: id)
        else { return nil }
        return try loadSessions(db, ids: [uuid]).first
    }
}
