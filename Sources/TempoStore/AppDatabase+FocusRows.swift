import Foundation
import GRDB
import TempoKit

/// How focus sessions are saved and loaded: one `focus_session` row each, its segments in
/// `focus_segment`.
extension AppDatabase {
    /// Saves what `change` did to the ledger: changed and new sessions, and deletes the ones
    /// it removed (their segments go with them). Every write of the ledger but an undo passes
    /// `journal` (the action's name), which records the change for `focus undo`.
    static func saveChanges(from before: FocusLedger, to after: FocusLedger, in db: Database, journal action: String?) throws {
        let old = Dictionary(uniqueKeysWithValues: before.sessions.map { ($0.id, $0) })
        let new = Set(after.sessions.map(\.id))
        var replaced: [FocusSession] = [], created: [FocusSession] = []
        for session in after.sessions where old[session.id] != session {
            try save(session, in: db, isNew: false)
            if let previous = old[session.id] { replaced.append(previous) } else { created.append(session) }
        }
        for (id, session) in old where !new.contains(id) {
            try FocusSessionRow.deleteOne(db, key: id.uuidString)
            replaced.append(session)
        }
        if let action, !replaced.isEmpty || !created.isEmpty {
            try journal(action, before: replaced, created: created, in: db)
        }
    }

    /// Saves a session and its segments: a stored session's changed segments are updated in
    /// place. `isNew` says none of its rows can exist yet (an import checked), so none is looked for.
    static func save(_ session: FocusSession, in db: Database, isNew: Bool) throws {
        let row = try FocusSessionRow(session)
        let segments = FocusSegmentRow.rows(of: session.stopwatch, ownerID: session.id)
        if isNew {
            try row.insert(db)
            for segment in segments { try segment.insert(db) }
        } else {
            try row.save(db)
            try FocusSegmentRow.replace(
                FocusSegmentRow.filter(FocusSegmentRow.Columns.sessionID == session.id.uuidString), with: segments, in: db)
        }
        try db.execute(
            sql: """
                INSERT INTO focus_setting (key, value) VALUES ('max_span_s', ?)
                ON CONFLICT(key) DO UPDATE SET value = MAX(CAST(value AS REAL), CAST(excluded.value AS REAL))
                """,
            arguments: [row.lastAt.timeIntervalSince(row.firstAt)])
    }

    /// Every active (running or paused) session.
    static func loadActiveSessions(_ db: Database) throws -> [FocusSession] {
        try loadSessions(db, where: "s.stopped_at IS NULL", arguments: [])
    }

    /// Sessions whose recorded instants reach into `[from, to]`, plus every active session.
    ///
    /// Uses the index on `first_at`: no stopped session spans more than the longest span ever
    /// stored (`max_span_s`, kept up to date by `save`), so only sessions starting in
    /// `[from − max span, to]` can reach into the interval.
    static func loadSessions(_ db: Database, overlapping from: Date, _ to: Date) throws -> [FocusSession] {
        let maxSpan = try Double.fetchOne(db, sql: "SELECT CAST(value AS REAL) FROM focus_setting WHERE key = 'max_span_s'") ?? 0
        let low = max(-1e15, from.timeIntervalSince1970), high = min(1e15, to.timeIntervalSince1970)
        return try loadSessions(
            db, where: """
                s.rowid IN (SELECT rowid FROM focus_session WHERE stopped_at IS NULL
                         UNION ALL
                         SELECT rowid FROM focus_session WHERE first_at >= ? AND first_at <= ? AND last_at >= ? AND stopped_at IS NOT NULL)
                """,
            arguments: [low - maxSpan - 1, high, low])
    }

    /// The stored sessions among `ids`, ordered by first instant then id.
    static func loadSessions(_ db: Database, ids: Set<UUID>) throws -> [FocusSession] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        return try loadSessions(db, where: "s.id IN (\(marks))", arguments: StatementArguments(ids.map(\.uuidString)))
    }

    /// Sessions matching `condition` (on `focus_session s`), ordered by first instant then id.
    ///
    /// One join of sessions and segments: SQLite returns them in rowid order, which the
    /// `rowid IN (…)` conditions give without a sort (a temporary B-tree over every row was much
    /// of the cost), and they are put in order here, by the same key, on sessions rather than
    /// rows. A session's columns are decoded when its rowid (an integer) first appears, not once
    /// per segment.
    private static func loadSessions(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [FocusSession] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT s.rowid AS session_rowid, s.*, g.start_at, g.end_at
            FROM focus_session s JOIN focus_segment g ON g.session_id = s.id
            WHERE \(condition)
            ORDER BY s.rowid, g.seq
            """), arguments: arguments)
        var sessions: [(row: FocusSessionRow, session: FocusSession)] = []
        var current: (rowID: Int64, row: FocusSessionRow)?
        var segments: [Stopwatch.Segment] = []
        var sorted = true
        func flush() throws {
            guard let current else { return }
            if let last = sessions.last, last.row.firstAt >= current.row.firstAt { sorted = false }
            sessions.append((current.row, try current.row.session(segments: segments)))
        }
        while let row = try rows.next() {
            let rowID: Int64 = row["session_rowid"]
            if rowID != current?.rowID {
                try flush()
                current = (rowID, try FocusSessionRow(row: row))
                segments = []
            }
            segments.append(FocusSegmentRow.segment(in: row))
        }
        try flush()
        // Stored ids are `uuidString` text, so comparing those strings is SQLite's text order.
        if !sorted {
            sessions.sort { $0.row.firstAt != $1.row.firstAt ? $0.row.firstAt < $1.row.firstAt : $0.session.id.uuidString < $1.session.id.uuidString }
        }
        return sessions.map(\.session)
    }
}
