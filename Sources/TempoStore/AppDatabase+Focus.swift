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
    }

    // MARK: - Settings

    /// The stored focus settings; `defaultTimeZone` (the system's, given by the caller) when
    /// none was configured.
    public func focusSettings(defaultTimeZone: String) throws -> FocusSettings {
        try focusRead { db in try Self.loadSettings(db, defaultTimeZone: defaultTimeZone) }
    }

    /// Changes the focus settings in one transaction; `change` sees the stored ones.
    @discardableResult
    public func updateFocusSettings(
        defaultTimeZone: String, _ change: @Sendable (inout FocusSettings) throws -> Void
    ) throws -> FocusSettings {
        try focusWrite { db in
            var settings = try Self.loadSettings(db, defaultTimeZone: defaultTimeZone)
            try change(&settings)
            _ = try settings.calendar()
            let values: [(String, String)] = [
                ("tz", settings.timeZoneIdentifier), ("day_start", settings.dayStart.description),
                ("goal_s", settings.goalSeconds.map { String($0) } ?? ""),
                ("growth_thresholds_s", settings.growthThresholdsSeconds.map { String($0) }.joined(separator: ",")),
            ]
            for (key, value) in values {
                try db.execute(sql: "INSERT INTO focus_setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                               arguments: [key, value])
            }
            return settings
        }
    }

    private static func loadSettings(_ db: Database, defaultTimeZone: String) throws -> FocusSettings {
        var values: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM focus_setting") {
            values[row["key"]] = row["value"]
        }
        var settings = FocusSettings(timeZoneIdentifier: values["tz"] ?? defaultTimeZone)
        if let text = values["day_start"] { settings.dayStart = try DayTime(parsing: text) }
        if let text = values["goal_s"], let goal = Double(text) { settings.goalSeconds = goal }
        if let text = values["growth_thresholds_s"] {
            let thresholds = text.split(separator: ",").compactMap { Double($0) }
            if !thresholds.isEmpty { settings.growthThresholdsSeconds = thresholds }
        }
        return settings
    }

    // MARK: - Changing the ledger

    /// Changes the active part of the ledger in one transaction: `change` sees the active
    /// session (if any) and may start, pause, resume, stop or cancel; what it changed is saved,
    /// and if it throws nothing is written.
    @discardableResult
    public func changeFocus<T: Sendable>(_ change: @Sendable (inout FocusLedger) throws -> T) throws -> T {
        try focusWrite { db in
            let before = FocusLedger(sessions: try Self.loadSessions(db, where: "s.stopped_at IS NULL", arguments: []))
            var ledger = before
            let result = try change(&ledger)
            try Self.saveChanges(from: before, to: ledger, in: db)
            return result
        }
    }

    /// Adds a past session `[start, end)` (see ``FocusLedger/add(start:end:tag:id:importKey:trim:now:)``)
    /// in one transaction.
    @discardableResult
    public func addFocusSession(start: Date, end: Date, tag: String?, trim: Bool, now: Date) throws -> FocusSession {
        try focusWrite { db in
            let before = FocusLedger(sessions: try Self.loadSessions(db, overlapping: start, end))
            var ledger = before
            let session = try ledger.add(start: start, end: end, tag: tag, trim: trim, now: now)
            try Self.saveChanges(from: before, to: ledger, in: db)
            return session
        }
    }

    /// Imports sessions in one transaction. A session whose id or import key is already stored
    /// is skipped, so importing the same data twice adds nothing; one overlapping a stored
    /// session's focused time makes the whole import fail, naming it. Returns (added, skipped).
    public func importFocusSessions(_ sessions: [FocusSession], now: Date) throws -> (added: Int, skipped: Int) {
        try focusWrite { db in
            var added = 0, skipped = 0
            for session in sessions {
                let known = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS(SELECT 1 FROM focus_session WHERE id = ?) OR EXISTS(SELECT 1 FROM focus_session WHERE import_key = ?)",
                    arguments: [session.id.uuidString, session.importKey]) ?? false
                if known {
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
                try Self.save(session, in: db, now: now)
                added += 1
            }
            return (added, skipped)
        }
    }

    // MARK: - Reading

    /// Sessions with focused time in `[from, to)` (all when both are nil), plus the active one.
    public func focusLedger(from: Date? = nil, to: Date? = nil) throws -> FocusLedger {
        try focusRead { db in
            // A whole-history load seeks the segment index once per session: reading pages
            // through a memory map instead of a read() copy each was a large part of its cost.
            // Per connection and only a limit: nothing is mapped that is not read.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            return FocusLedger(sessions: try Self.loadSessions(db, overlapping: from ?? .distantPast, to ?? .distantFuture))
        }
    }

    /// The status at `now`, reading only recent sessions; when the streak may reach further
    /// back than they do, older history is added as bare segments (its days only need totals),
    /// in windows growing backwards (256, 1024, 4096… days) until the streak breaks inside
    /// what is loaded or no history is left. A streak of months costs one small window, a
    /// years-long one a few lean scans, never a full load.
    public func focusStatus(settings: FocusSettings, now: Date) throws -> FocusStatus {
        try focusRead { db in
            let calendar = try settings.calendar()
            let from = now.addingTimeInterval(-64 * 86_400)
            let recent = try Self.loadSessions(db, overlapping: from, .distantFuture)
            var status = try FocusLedger(sessions: recent).status(settings: settings, now: now)
            // Every segment ending at or after `lower` is loaded, so every day from the one
            // after `lower`'s day on has its full total. The streak's earliest day is at least
            // today − streak − 1: once that is such a day, older history cannot change it.
            func streakMayReachBefore(_ lower: Date) -> Bool {
                status.report.today.daysSinceEpoch - status.report.streakDays - 1 <= calendar.day(containing: lower).daysSinceEpoch + 1
            }
            guard streakMayReachBefore(from),
                  let oldestEnd = try Double.fetchOne(db, sql: "SELECT MIN(end_at) FROM focus_segment"),
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
    }

    /// The closed segments ending in `[low, high)` (seconds since 1970 UTC), except those
    /// starting at an instant of `excluding` (segments of sessions loaded whole), in time order:
    /// enough for day totals (streaks), nothing else. One query over the covering index on
    /// (end_at, start_at), read by column index; no per-session rows.
    private static func bareSegments(
        _ db: Database, endingFrom low: Double, before high: Double, excluding: Set<Double>
    ) throws -> [Stopwatch.Segment] {
        let statement = try db.cachedStatement(
            sql: "SELECT start_at, end_at FROM focus_segment WHERE end_at >= ? AND end_at < ? ORDER BY end_at, start_at")
        statement.arguments = [low, high]
        var segments: [Stopwatch.Segment] = []
        // Loaded sessions are recent: older starts need no hash lookup.
        let earliestExcluded = excluding.min() ?? .infinity
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            let start: Double = row[0]
            if start >= earliestExcluded, excluding.contains(start) { continue }
            let end: Double = row[1]
            segments.append(Stopwatch.Segment(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end)))
        }
        return segments
    }

    /// The stored pomodoro cycle, if one was started and not removed.
    public func pomodoro() throws -> Pomodoro? {
        try focusRead { db in try Self.loadPomodoro(db) }
    }

    /// Changes the pomodoro cycle and the active session in one transaction; `change` gets the
    /// stored cycle (nil if none) and returns the cycle to keep (nil removes it).
    @discardableResult
    public func changePomodoro<T: Sendable>(
        _ change: @Sendable (inout Pomodoro?, inout FocusLedger) throws -> T
    ) throws -> T {
        try focusWrite { db in
            var pomodoro = try Self.loadPomodoro(db)
            let before = FocusLedger(sessions: try Self.loadSessions(db, where: "s.stopped_at IS NULL", arguments: []))
            var ledger = before
            let result = try change(&pomodoro, &ledger)
            try Self.saveChanges(from: before, to: ledger, in: db)
            if let pomodoro {
                let json = String(decoding: try JSONEncoder().encode(pomodoro), as: UTF8.self)
                try db.execute(sql: "INSERT INTO focus_pomodoro (id, state) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET state = excluded.state",
                               arguments: [json])
            } else {
                try db.execute(sql: "DELETE FROM focus_pomodoro")
            }
            return result
        }
    }

    // MARK: - Rows

    private static func loadPomodoro(_ db: Database) throws -> Pomodoro? {
        guard let json = try String.fetchOne(db, sql: "SELECT state FROM focus_pomodoro WHERE id = 1") else { return nil }
        return try JSONDecoder().decode(Pomodoro.self, from: Data(json.utf8))
    }

    private static func saveChanges(from before: FocusLedger, to after: FocusLedger, in db: Database) throws {
        let old = Dictionary(uniqueKeysWithValues: before.sessions.map { ($0.id, $0) })
        let new = Set(after.sessions.map(\.id))
        for session in after.sessions where old[session.id] != session {
            try save(session, in: db, now: nil)
        }
        for id in old.keys where !new.contains(id) {
            try db.execute(sql: "DELETE FROM focus_session WHERE id = ?", arguments: [id.uuidString])
        }
    }

    private static func save(_ session: FocusSession, in db: Database, now: Date?) throws {
        let id = session.id.uuidString
        let segments = session.stopwatch.segments
        let instants = segments.flatMap { [$0.start] + ($0.end.map { [$0] } ?? []) } + (session.stoppedAt.map { [$0] } ?? [])
        guard let first = instants.min(), let last = instants.max() else {
            throw StoreError.refused("a focus session without a start cannot be stored")
        }
        try db.execute(
            sql: """
                INSERT INTO focus_session (id, tag, first_at, last_at, stopped_at, import_key) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET tag = excluded.tag, first_at = excluded.first_at, last_at = excluded.last_at,
                    stopped_at = excluded.stopped_at, import_key = excluded.import_key
                """,
            arguments: [id, session.tag, first.timeIntervalSince1970, last.timeIntervalSince1970,
                        session.stoppedAt?.timeIntervalSince1970, session.importKey])
        try db.execute(
            sql: """
                INSERT INTO focus_setting (key, value) VALUES ('max_span_s', ?)
                ON CONFLICT(key) DO UPDATE SET value = MAX(CAST(value AS REAL), CAST(excluded.value AS REAL))
                """,
            arguments: [last.timeIntervalSince(first)])
        try db.execute(sql: "DELETE FROM focus_segment WHERE session_id = ?", arguments: [id])
        let insert = try db.cachedStatement(sql: "INSERT INTO focus_segment (session_id, seq, start_at, end_at) VALUES (?, ?, ?, ?)")
        for (seq, segment) in segments.enumerated() {
            try insert.execute(arguments: [id, seq, segment.start.timeIntervalSince1970, segment.end?.timeIntervalSince1970])
        }
    }

    /// Sessions whose recorded instants reach into `[from, to]`, plus every active session.
    ///
    /// Uses the index on `first_at`: no stopped session spans more than the longest span ever
    /// stored (`max_span_s`, kept up to date by `save`), so only sessions starting in
    /// `[from − max span, to]` can reach into the interval.
    private static func loadSessions(_ db: Database, overlapping from: Date, _ to: Date) throws -> [FocusSession] {
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

    /// Sessions matching `condition` (on `focus_session s`), ordered by first instant then id.
    ///
    /// SQLite returns them in rowid order, which the `rowid IN (…)` conditions give without a
    /// sort (a temporary B-tree over every row was much of the cost); they are put in order
    /// here, by the same key, on sessions rather than rows. Rows are read by column index
    /// straight from the statement, and a new session is told by its rowid (an integer), so
    /// its text columns and its UUID are decoded once per session, not once per segment.
    private static func loadSessions(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [FocusSession] {
        let statement = try db.cachedStatement(sql: """
            SELECT s.rowid, s.id, s.tag, s.stopped_at, s.import_key, s.first_at, g.start_at, g.end_at
            FROM focus_session s JOIN focus_segment g ON g.session_id = s.id
            WHERE \(condition)
            ORDER BY s.rowid, g.seq
            """)
        statement.arguments = arguments
        var sessions: [(firstAt: Double, session: FocusSession)] = []
        var currentRowID: Int64?
        var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var tag: String?, stoppedAt: Double?, importKey: String?, firstAt = 0.0
        var segments: [Stopwatch.Segment] = []
        var sorted = true
        func flush() throws {
            guard currentRowID != nil else { return }
            let stopwatch = try Stopwatch(segments: segments, stoppedAt: stoppedAt.map(Date.init(timeIntervalSince1970:)))
            if let last = sessions.last, last.firstAt >= firstAt { sorted = false }
            sessions.append((firstAt, FocusSession(id: id, tag: tag, stopwatch: stopwatch, importKey: importKey)))
        }
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            let rowID: Int64 = row[0]
            if rowID != currentRowID {
                try flush()
                currentRowID = rowID
                var text: String = row[1]
                guard let uuid = text.withUTF8({ fastUUID(UnsafeRawBufferPointer($0)) }) ?? UUID(uuidString: text) else {
                    throw StoreError.corrupt(path: db.description)
                }
                id = uuid
                tag = row.hasNull(atIndex: 2) ? nil : row[2] as String
                stoppedAt = row.hasNull(atIndex: 3) ? nil : row[3] as Double
                importKey = row.hasNull(atIndex: 4) ? nil : row[4] as String
                firstAt = row[5]
                segments = []
            }
            let start: Double = row[6]
            let end: Date? = row.hasNull(atIndex: 7) ? nil : Date(timeIntervalSince1970: row[7] as Double)
            segments.append(Stopwatch.Segment(start: Date(timeIntervalSince1970: start), end: end))
        }
        try flush()
        // Stored ids are `uuidString` text, so comparing those strings is SQLite's text order.
        if !sorted {
            sessions.sort { $0.firstAt != $1.firstAt ? $0.firstAt < $1.firstAt : $0.session.id.uuidString < $1.session.id.uuidString }
        }
        return sessions.map(\.session)
    }

    private func focusWrite<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do { return try writer.write(body) } catch { throw Self.focusError(error, path: writer.path) }
    }

    private func focusRead<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do { return try writer.read(body) } catch { throw Self.focusError(error, path: writer.path) }
    }

    /// Domain errors pass through with their own message; database failures become StoreError.
    private static func focusError(_ error: any Error, path: String) -> any Error {
        switch error {
        case is FocusError, is DayCalendarError, is DayTimeError, is FocusImportError, is StoreError, is StopwatchError: error
        default: StoreError(error, path: path)
        }
    }
}

/// Parses the canonical 36-character UUID text (hyphens at 8, 13, 18, 23); nil for anything
/// else. Foundation's parser (sscanf on Linux) dominated loading 70,000 sessions; this one
/// reads the UTF-8 bytes in place, with no array allocated.
private func fastUUID(_ utf8: UnsafeRawBufferPointer) -> UUID? {
    guard utf8.count == 36 else { return nil }
    func hexValue(_ unit: UInt8) -> UInt8? {
        switch unit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): unit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): unit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): unit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
        var index = 0, position = 0
        while position < 36 {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard utf8[position] == UInt8(ascii: "-") else { return false }
                position += 1
                continue
            }
            guard let high = hexValue(utf8[position]), let low = hexValue(utf8[position + 1]) else { return false }
            bytes[index] = high << 4 | low
            index += 1
            position += 2
        }
        return true
    }
    return parsed ? UUID(uuid: uuid) : nil
}
