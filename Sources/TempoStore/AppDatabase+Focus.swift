import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    /// The focus tables' migrations, in order (append-only).
    static func registerFocusMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 focus") { db in
            try db.execute(sql: """
                CREATE TABLE focus_session (
                    id TEXT PRIMARY KEY NOT NULL,
                    tag TEXT,
                    first_at REAL NOT NULL,
                    last_at REAL NOT NULL,
                    stopped_at REAL,
                    import_key TEXT UNIQUE
                );
                CREATE INDEX focus_session_first ON focus_session(first_at);
                CREATE INDEX focus_session_last ON focus_session(last_at);
                CREATE INDEX focus_session_active ON focus_session(stopped_at) WHERE stopped_at IS NULL;
                CREATE TABLE focus_segment (
                    session_id TEXT NOT NULL REFERENCES focus_session(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    start_at REAL NOT NULL,
                    end_at REAL,
                    PRIMARY KEY (session_id, seq)
                ) WITHOUT ROWID;
                CREATE INDEX focus_segment_time ON focus_segment(end_at, start_at);
                CREATE TABLE focus_setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE focus_pomodoro (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    state TEXT NOT NULL
                );
                """)
        }
        // Several tags per session: the single tag becomes a one-element list; `tag` stays (the first).
        migrator.registerMigration("focus tags list") { db in
            try db.execute(sql: """
                ALTER TABLE focus_session ADD COLUMN tags TEXT NOT NULL DEFAULT '';
                UPDATE focus_session SET tags = tag WHERE tag IS NOT NULL AND tag <> '';
                """)
        }
        // `focus undo`: each change of the ledger, written in the transaction of the change.
        migrator.registerMigration("focus undo journal") { db in
            try db.execute(sql: """
                CREATE TABLE focus_undo (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    action TEXT NOT NULL,
                    before TEXT NOT NULL,
                    created TEXT NOT NULL
                );
                """)
        }
    }

    // MARK: - Changing the ledger

    /// Changes the active part of the ledger in one transaction: `change` sees the active
    /// session (if any), and the sessions with focused time from `loadingFrom` on when given
    /// (a change dated in the past must see them), and may start, pause, resume, stop or cancel;
    /// what it changed is saved and journaled for `focus undo` under `action`, and if it throws
    /// nothing is written.
    @discardableResult
    public func changeFocus<T: Sendable>(
        _ action: String, loadingFrom: Date? = nil, _ change: @Sendable (inout FocusLedger) throws -> T
    ) throws -> T {
        try perform(.write) { db in
            let sessions = try loadingFrom.map { try Self.loadSessions(db, overlapping: $0, .distantFuture) } ?? Self.loadActiveSessions(db)
            let before = FocusLedger(sessions: sessions)
            var ledger = before
            let result = try change(&ledger)
            try Self.saveChanges(from: before, to: ledger, in: db, journal: action)
            return result
        }
    }

    /// Adds a past session `[start, end)` (see ``FocusLedger/add(start:end:tags:id:importKey:trim:now:)``)
    /// in one transaction.
    @discardableResult
    public func addFocusSession(start: Date, end: Date, tags: [String], trim: Bool, now: Date) throws -> FocusSession {
        try perform(.write) { db in
            let before = FocusLedger(sessions: try Self.loadSessions(db, overlapping: start, end))
            var ledger = before
            let session = try ledger.add(start: start, end: end, tags: tags, trim: trim, now: now)
            try Self.saveChanges(from: before, to: ledger, in: db, journal: "add")
            return session
        }
    }

    /// Imports sessions in one transaction. A session whose id or import key is already stored
    /// is skipped, so importing the same data twice adds nothing; one overlapping a stored
    /// session's focused time makes the whole import fail, naming it. Returns (added, skipped).
    public func importFocusSessions(_ sessions: [FocusSession], now: Date) throws -> (added: Int, skipped: Int) {
        try perform(.write) { db in
            var added = 0, skipped = 0
            var created: [FocusSession] = []
            for session in sessions {
                var known = FocusSessionRow.Columns.id == session.id.uuidString
                if let key = session.importKey { known = known || FocusSessionRow.Columns.importKey == key }
                if try !FocusSessionRow.filter(known).isEmpty(db) {
                    skipped += 1
                    continue
                }
                let intervals = session.intervals(at: now)
                if let first = intervals.map(\.start).min(), let last = intervals.map(\.end).max() {
                    for other in try Self.loadSessions(db, overlapping: first, last) {
                        for busy in other.intervals(at: now) where intervals.contains(where: { $0.start < busy.end && busy.start < $0.end }) {
                            throw FocusError.overlap(session: other.displayName, start: busy.start, end: busy.end)
                        }
                    }
                }
                try Self.save(session, in: db, isNew: true)
                created.append(session)
                added += 1
            }
            if !created.isEmpty { try Self.journal("import", before: [], created: created, in: db) }
            return (added, skipped)
        }
    }

    // MARK: - Reading

    /// Sessions with focused time in `[from, to)` (all when both are nil), plus the active one.
    public func focusLedger(from: Date? = nil, to: Date? = nil) throws -> FocusLedger {
        try perform(.read) { db in
            FocusLedger(sessions: try Self.loadSessions(db, overlapping: from ?? .distantPast, to ?? .distantFuture))
        }
    }

    /// The status at `now`. When the day totals are kept for `settings`' calendar it reads the
    /// sessions reaching today (or the day the running segment began) and, for the streak, one
    /// stored total per day of the streak: O(today + streak), whatever the history's length.
    /// Otherwise (another zone or day start asked for, or totals not kept yet) it reads the
    /// sessions reaching the last 64 days, then older history as bare segments in growing windows.
    public func focusStatus(settings: FocusSettings, now: Date) throws -> FocusStatus {
        try perform(.read) { db in
            let calendar = try settings.calendar()
            guard try Self.dayTotalsCalendar(db) == Self.calendarKey(settings) else {
                let from = now.addingTimeInterval(-64 * 86_400)
                let recent = try Self.loadSessions(db, overlapping: from, .distantFuture)
                return try Self.statusFromSegments(db, recent: recent, from: from, settings: settings, now: now)
            }
            // Stored totals count closed segments only: the days an open segment covers are
            // read from the sessions, with every other session reaching them.
            let today = calendar.day(containing: now)
            let openSince = try Double.fetchOne(db, sql: "SELECT min(start_at) FROM focus_segment WHERE end_at IS NULL")
            let firstWholeDay = min(today, openSince.map { calendar.day(containing: Date(timeIntervalSince1970: $0)) } ?? today)
            let sessions = try Self.loadSessions(db, overlapping: calendar.start(of: firstWholeDay), .distantFuture)
            return try FocusLedger(sessions: sessions).status(settings: settings, now: now, firstWholeDay: firstWholeDay) { day, limit in
                try Self.dayTotals(db, before: day, limit: limit)
            }
        }
    }

    /// The status from the sessions alone: `recent` (those reaching `from` or later), then older
    /// history as bare segments in windows growing backwards until the streak breaks. A streak of
    /// months costs one small window, a years-long one a few lean scans, never a full load.
    private static func statusFromSegments(
        _ db: Database, recent: [FocusSession], from: Date, settings: FocusSettings, now: Date
    ) throws -> FocusStatus {
        let calendar = try settings.calendar()
        var status = try FocusLedger(sessions: recent).status(settings: settings, now: now)
        // Every segment ending at or after `lower` is loaded, so every day from the one
        // after `lower`'s day on has its full total. The streak's earliest day is at least
        // today − streak − 1: once that is such a day, older history cannot change it.
        func streakMayReachBefore(_ lower: Date) -> Bool {
            status.report.today.daysSinceEpoch - status.report.streakDays - 1 <= calendar.day(containing: lower).daysSinceEpoch + 1
        }
        guard streakMayReachBefore(from),
              let oldestEnd = try Double.fetchOne(db, FocusSegmentRow.select(min(FocusSegmentRow.Columns.endAt))),
              oldestEnd < from.timeIntervalSince1970
        else { return status }
        let loaded = Set(recent.flatMap { $0.stopwatch.segments.map(\.start.timeIntervalSince1970) })
        var windows: [[Stopwatch.Segment]] = []
        var lower = from.timeIntervalSince1970
        var windowDays = 256.0
        while lower > oldestEnd {
            let next = max(lower - windowDays * 86_400, oldestEnd)
            let window = try Self.bareSegments(db, endingFrom: next, before: lower, excluding: loaded)
            lower = next
            windowDays *= 4
            if !window.isEmpty {
                windows.append(window)
                // Oldest window first: the bare segments stay in time order.
                let segments = Array(windows.reversed().joined())
                if let last = segments.last {
                    let older = FocusSession(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), tag: nil,
                                             stopwatch: try Stopwatch(segments: segments, stoppedAt: last.end))
                    status = try FocusLedger(sessions: [older] + recent).status(settings: settings, now: now)
                }
            }
            if !streakMayReachBefore(Date(timeIntervalSince1970: lower)) { break }
        }
        return status
    }

    /// The closed segments ending in `[low, high)` (seconds since 1970 UTC), except those
    /// starting at an instant of `excluding` (segments of sessions loaded whole), in time order:
    /// enough for day totals (streaks), nothing else. One query over the covering index on
    /// (end_at, start_at); no per-session rows.
    private static func bareSegments(
        _ db: Database, endingFrom low: Double, before high: Double, excluding: Set<Double>
    ) throws -> [Stopwatch.Segment] {
        let end = FocusSegmentRow.Columns.endAt, start = FocusSegmentRow.Columns.startAt
        let rows = try FocusSegmentRow
            .select(start, end)
            .filter(end >= low && end < high)
            .order(end, start)
            .asRequest(of: Row.self)
            .fetchCursor(db)
        var segments: [Stopwatch.Segment] = []
        // Loaded sessions are recent: older starts need no hash lookup.
        let earliestExcluded = excluding.min() ?? .infinity
        while let row = try rows.next() {
            let segment = FocusSegmentRow.segment(in: row)
            let startSeconds = segment.start.timeIntervalSince1970
            if startSeconds >= earliestExcluded, excluding.contains(startSeconds) { continue }
            segments.append(segment)
        }
        return segments
    }
}
