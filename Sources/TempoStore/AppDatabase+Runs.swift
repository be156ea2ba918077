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

    /// Power and temperature of each fix, beside heart rate and cadence (appended after every
    /// earlier migration; older fixes have none).
    static func registerRunSensorMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4 run fix sensors") { db in
            try db.execute(sql: "ALTER TABLE run_fix ADD COLUMN power_w REAL")
            try db.execute(sql: "ALTER TABLE run_fix ADD COLUMN temperature_c REAL")
        }
    }

    /// The device's own odometer at each fix, which counts where fixes are missing (appended after
    /// every earlier migration; older fixes have none).
    static func registerRunDeviceDistanceMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5 run fix device distance") { db in
            try db.execute(sql: "ALTER TABLE run_fix ADD COLUMN device_distance_m REAL")
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
               let existing = try RunRecord.filter(RunRecord.Columns.contentHash == hash).fetchOne(db) {
                return (existing, false)
            }
            var record = record
            let stored = StoredRun(
                record: record, fixes: segments.enumerated().flatMap { index, fixes in fixes.map { (index, $0) } },
                events: [], lapStarts: lapStarts, sportChanges: sportChanges)
            record.finish(stored.summary())
            try record.insert(db)
            try Self.insertFixes(stored.fixes, firstSeq: 0, runID: record.id, in: db)
            for (seq, start) in lapStarts.enumerated() {
                try RunLapRow(runID: record.id, seq: seq, startAt: start).insert(db)
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
            try record.insert(db)
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
                try RunEventRow(runID: id, seq: seq, event: event).insert(db)
            }
        }
    }

    /// Marks a live run finished and saves its headline numbers.
    public func finishLiveRun(id: UUID, summary: RunSummary) throws(StoreError) {
        try write { db in
            guard var record = try RunRecord.fetchOne(db, key: id.uuidString) else { return }
            record.finish(summary)
            try record.update(db)
        }
    }

    /// The newest live run that was never finished (its recorder was killed), if any.
    public func unfinishedRun() throws(StoreError) -> StoredRun? {
        try read { db in
            try StoredRunRows.request(Self.newestFirst(RunRecord.filter(RunRecord.Columns.finished == false))).fetchOne(db)?.storedRun
        }
    }

    // MARK: - Reading and deleting

    /// Every run, newest first.
    public func runs() throws(StoreError) -> [RunRecord] {
        try read { db in try Self.newestFirst(RunRecord.all()).fetchAll(db) }
    }

    /// The run named by a full id or an id prefix of at least 4 hex digits, with its fixes.
    public func run(matching reference: String) throws(StoreError) -> StoredRun {
        try read { db in
            let record = try Self.resolveRun(reference, in: db)
            guard let stored = try StoredRunRows.request(RunRecord.filter(key: record.id.uuidString)).fetchOne(db) else {
                throw StoreError.notFound(kind: "run", reference: reference)
            }
            return stored.storedRun
        }
    }

    /// Deletes a run with its fixes, commands, laps and sport changes; returns what was deleted.
    @discardableResult
    public func deleteRun(matching reference: String) throws(StoreError) -> RunRecord {
        try write { db in
            let record = try Self.resolveRun(reference, in: db)
            try record.delete(db)
            return record
        }
    }

    // MARK: - Rows

    private static func insert(_ sportChanges: [SportChange], runID: UUID, in db: Database) throws {
        for (seq, change) in sportChanges.enumerated() {
            try RunSportRow(runID: runID, seq: seq, change: change).insert(db)
        }
    }

    private static func insertFixes(_ fixes: [(segment: Int, fix: LocationFix)], firstSeq: Int, runID: UUID, in db: Database) throws {
        for (offset, entry) in fixes.enumerated() {
            try RunFixRow(runID: runID, seq: firstSeq + offset, segment: entry.segment, fix: entry.fix).insert(db)
        }
    }

    /// `runs` ordered newest first: by start, or creation for a run not started.
    private static func newestFirst(_ runs: QueryInterfaceRequest<RunRecord>) -> QueryInterfaceRequest<RunRecord> {
        runs.order((RunRecord.Columns.startedAt ?? RunRecord.Columns.createdAt).desc, RunRecord.Columns.id)
    }

    private static func resolveRun(_ reference: String, in db: Database) throws -> RunRecord {
        // LIKE ignores ASCII case: a lowercase prefix finds the uppercase stored id.
        try RecordReference.resolve(
            reference, kind: "run",
            byIDPrefix: { try newestFirst(RunRecord.filter(RunRecord.Columns.id.like($0 + "%"))).fetchAll(db) },
            name: \.shortID)
    }
}
