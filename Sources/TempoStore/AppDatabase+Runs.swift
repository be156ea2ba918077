import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    /// The run tables' migrations, in order (append-only).
    static func registerRunMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 runs") { db in
            try db.execute(sql: """
                CREATE TABLE run (
                    id TEXT PRIMARY KEY NOT NULL,
                    source TEXT NOT NULL CHECK (source IN ('file', 'live')),
                    source_name TEXT NOT NULL,
                    content_hash TEXT UNIQUE,
                    sport TEXT,
                    name TEXT,
                    created_at REAL NOT NULL,
                    started_at REAL,
                    stopped_at REAL,
                    finished INTEGER NOT NULL DEFAULT 0,
                    distance_m REAL,
                    timer_s REAL,
                    moving_s REAL,
                    auto_pause INTEGER NOT NULL DEFAULT 1
                );
                CREATE INDEX run_started ON run(started_at);
                CREATE TABLE run_fix (
                    run_id TEXT NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    segment INTEGER NOT NULL,
                    time REAL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    altitude_m REAL,
                    horizontal_accuracy_m REAL,
                    vertical_accuracy_m REAL,
                    speed_m_per_s REAL,
                    course_deg REAL,
                    heart_rate_bpm REAL,
                    cadence_per_min REAL,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                CREATE TABLE run_event (
                    run_id TEXT NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    action TEXT NOT NULL CHECK (action IN ('start', 'pause', 'resume', 'lap', 'stop')),
                    at REAL,
                    fix_count INTEGER NOT NULL,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                CREATE TABLE run_lap (
                    run_id TEXT NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    start_at REAL NOT NULL,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                """)
        }
    }

    /// The sport changes of multisport runs (after every v1 migration, so it is appended last).
    static func registerRunSportMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2 run sports") { db in
            try db.execute(sql: """
                CREATE TABLE run_sport (
                    run_id TEXT NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    start_at REAL NOT NULL,
                    sport TEXT,
                    PRIMARY KEY (run_id, seq)
                ) WITHOUT ROWID;
                """)
        }
    }

    // MARK: - Imports

    /// Stores an imported file's run in one transaction, unless a run with the same content
    /// hash is already stored; returns the stored run's record and whether it was new.
    /// `sportChanges` are a multisport file's sessions (empty for one sport, or a sport a user gave).
    public func importRun(
        _ record: RunRecord, segments: [[LocationFix]], lapStarts: [Date], sportChanges: [SportChange] = []
    ) throws(StoreError) -> (record: RunRecord, inserted: Bool) {
        try write { db in
            if let hash = record.contentHash,
               let existing = try Self.loadRecords(db, where: "content_hash = ?", arguments: [hash]).first {
                return (existing, false)
            }
            var record = record
            let stored = StoredRun(
                record: record, fixes: segments.enumerated().flatMap { index, fixes in fixes.map { (index, $0) } },
                events: [], lapStarts: lapStarts, sportChanges: sportChanges)
            let summary = stored.summary()
            record.finished = true
            record.distanceMeters = summary.distanceMeters
            record.timerSeconds = summary.timerSeconds
            record.movingSeconds = summary.movingSeconds
            record.startedAt = summary.startedAt
            if let start = summary.startedAt, let elapsed = summary.elapsedSeconds {
                record.stoppedAt = start.addingTimeInterval(elapsed)
            }
            try Self.insert(record, in: db)
            try Self.insertFixes(stored.fixes, firstSeq: 0, runID: record.id, in: db)
            for (seq, start) in lapStarts.enumerated() {
                try db.execute(sql: "INSERT INTO run_lap (run_id, seq, start_at) VALUES (?, ?, ?)",
                               arguments: [record.id.uuidString, seq, start.timeIntervalSince1970])
            }
            try Self.insert(sportChanges, runID: record.id, in: db)
            return (record, true)
        }
    }

    // MARK: - Live recording

    /// Creates the record of a live run about to be recorded, with the sport changes known up
    /// front (a replayed multisport file's sessions).
    public func beginLiveRun(_ record: RunRecord, sportChanges: [SportChange] = []) throws(StoreError) {
        try write { db in
            try Self.insert(record, in: db)
            try Self.insert(sportChanges, runID: record.id, in: db)
        }
    }

    /// Appends received fixes (numbered from `firstSeq`) and commands to a live run, in one transaction.
    public func appendToLiveRun(
        id: UUID, fixes: [LocationFix], firstSeq: Int, events: [(seq: Int, event: StoredRun.Event)]
    ) throws(StoreError) {
        try write { db in
            try Self.insertFixes(fixes.map { (0, $0) }, firstSeq: firstSeq, runID: id, in: db)
            for (seq, event) in events {
                try db.execute(
                    sql: "INSERT INTO run_event (run_id, seq, action, at, fix_count) VALUES (?, ?, ?, ?, ?)",
                    arguments: [id.uuidString, seq, event.action.rawValue, event.at?.timeIntervalSince1970, event.fixCount])
            }
        }
    }

    /// Marks a live run finished and saves its headline numbers.
    public func finishLiveRun(id: UUID, summary: RunSummary) throws(StoreError) {
        let stoppedAt = summary.startedAt.flatMap { start in summary.elapsedSeconds.map { start.addingTimeInterval($0) } }
        try write { db in
            try db.execute(
                sql: """
                    UPDATE run SET finished = 1, started_at = ?, stopped_at = ?, distance_m = ?, timer_s = ?, moving_s = ?
                    WHERE id = ?
                    """,
                arguments: [summary.startedAt?.timeIntervalSince1970, stoppedAt?.timeIntervalSince1970,
                            summary.distanceMeters, summary.timerSeconds, summary.movingSeconds, id.uuidString])
        }
    }

    /// The newest live run that was never finished (its recorder was killed), if any.
    public func unfinishedRun() throws(StoreError) -> StoredRun? {
        try read { db in
            guard let record = try Self.loadRecords(db, where: "finished = 0", arguments: []).first else { return nil }
            return try Self.loadStored(record, in: db)
        }
    }

    // MARK: - Reading and deleting

    /// Every run, newest first.
    public func runs() throws(StoreError) -> [RunRecord] {
        try read { db in try Self.loadRecords(db, where: "1", arguments: []) }
    }

    /// The run named by a full id or an id prefix of at least 4 hex digits, with its fixes.
    public func run(matching reference: String) throws(StoreError) -> StoredRun {
        try read { db in try Self.loadStored(Self.resolveRun(reference, in: db), in: db) }
    }

    /// Deletes a run with its fixes, commands, laps and sport changes; returns what was deleted.
    @discardableResult
    public func deleteRun(matching reference: String) throws(StoreError) -> RunRecord {
        try write { db in
            let record = try Self.resolveRun(reference, in: db)
            try db.execute(sql: "DELETE FROM run WHERE id = ?", arguments: [record.id.uuidString])
            return record
        }
    }

    // MARK: - Rows

    private static func insert(_ record: RunRecord, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO run (id, source, source_name, content_hash, sport, name, created_at, started_at, stopped_at,
                                 finished, distance_m, timer_s, moving_s, auto_pause)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [record.id.uuidString, record.source.rawValue, record.sourceName, record.contentHash, record.sport,
                        record.name, record.createdAt.timeIntervalSince1970, record.startedAt?.timeIntervalSince1970,
                        record.stoppedAt?.timeIntervalSince1970, record.finished, record.distanceMeters,
                        record.timerSeconds, record.movingSeconds, record.autoPause])
    }

    private static func insert(_ sportChanges: [SportChange], runID: UUID, in db: Database) throws {
        for (seq, change) in sportChanges.enumerated() {
            try db.execute(sql: "INSERT INTO run_sport (run_id, seq, start_at, sport) VALUES (?, ?, ?, ?)",
                           arguments: [runID.uuidString, seq, change.at.timeIntervalSince1970, change.sport?.rawValue])
        }
    }

    private static func insertFixes(_ fixes: [(segment: Int, fix: LocationFix)], firstSeq: Int, runID: UUID, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO run_fix (run_id, seq, segment, time, latitude, longitude, altitude_m, horizontal_accuracy_m,
                                 vertical_accuracy_m, speed_m_per_s, course_deg, heart_rate_bpm, cadence_per_min)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let id = runID.uuidString
        for (offset, entry) in fixes.enumerated() {
            let fix = entry.fix
            try statement.execute(arguments: [
                id, firstSeq + offset, entry.segment, fix.time?.timeIntervalSince1970, fix.latitude, fix.longitude,
                fix.altitudeMeters, fix.horizontalAccuracyMeters, fix.verticalAccuracyMeters, fix.speedMetersPerSecond,
                fix.courseDegrees, fix.heartRateBPM, fix.cadencePerMinute,
            ])
        }
    }

    private static func loadRecords(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [RunRecord] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM run WHERE \(condition) ORDER BY COALESCE(started_at, created_at) DESC, id", arguments: arguments
        ).map { row in
            guard let id = UUID(uuidString: row["id"]), let source = RunRecord.Source(rawValue: row["source"]) else {
                throw StoreError.corrupt(path: db.description)
            }
            return RunRecord(
                id: id, source: source, sourceName: row["source_name"], contentHash: row["content_hash"], sport: row["sport"],
                name: row["name"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
                startedAt: date(row["started_at"]), stoppedAt: date(row["stopped_at"]), finished: row["finished"],
                distanceMeters: row["distance_m"], timerSeconds: row["timer_s"], movingSeconds: row["moving_s"],
                autoPause: row["auto_pause"])
        }
    }

    private static func loadStored(_ record: RunRecord, in db: Database) throws -> StoredRun {
        let id = record.id.uuidString
        let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM run_fix WHERE run_id = ? ORDER BY seq", arguments: [id])
        var fixes: [(segment: Int, fix: LocationFix)] = []
        while let row = try cursor.next() {
            let fix = LocationFix(
                time: date(row["time"]),
                coordinate: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
                altitudeMeters: row["altitude_m"], horizontalAccuracyMeters: row["horizontal_accuracy_m"],
                verticalAccuracyMeters: row["vertical_accuracy_m"], speedMetersPerSecond: row["speed_m_per_s"],
                courseDegrees: row["course_deg"], heartRateBPM: row["heart_rate_bpm"], cadencePerMinute: row["cadence_per_min"])
            fixes.append((row["segment"], fix))
        }
        let events = try Row.fetchAll(db, sql: "SELECT * FROM run_event WHERE run_id = ? ORDER BY seq", arguments: [id])
            .compactMap { row -> StoredRun.Event? in
                guard let action = RunAction(rawValue: row["action"]) else { return nil }
                return StoredRun.Event(action: action, at: date(row["at"]), fixCount: row["fix_count"])
            }
        let laps = try Double.fetchAll(db, sql: "SELECT start_at FROM run_lap WHERE run_id = ? ORDER BY seq", arguments: [id])
            .map(Date.init(timeIntervalSince1970:))
        let sports = try Row.fetchAll(db, sql: "SELECT start_at, sport FROM run_sport WHERE run_id = ? ORDER BY seq", arguments: [id])
            .map { row in
                SportChange(at: Date(timeIntervalSince1970: row["start_at"]), sport: (row["sport"] as String?).flatMap(Sport.init(rawValue:)))
            }
        return StoredRun(record: record, fixes: fixes, events: events, lapStarts: laps, sportChanges: sports)
    }

    private static func resolveRun(_ reference: String, in db: Database) throws -> RunRecord {
        try RecordReference.resolve(
            reference, kind: "run", byIDPrefix: { try loadRecords(db, where: "lower(id) LIKE ?", arguments: [$0 + "%"]) },
            name: \.shortID)
    }
}

private func date(_ seconds: Double?) -> Date? {
    seconds.map(Date.init(timeIntervalSince1970:))
}
