import Foundation
import GRDB

/// The server's SQLite file: accounts, their devices' tokens, every account's records, and the
/// change feed that devices catch up from. One `DatabasePool` (WAL): readers never wait for the
/// writer, and each change commits with its feed entry in one transaction, so an acknowledged
/// write survives `kill -9` and the feed never misses or repeats one.
final class ServerStore: ServerStorage {
    private let pool: DatabasePool

    /// Opens (creating if needed) the store at `path`.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 accounts, tokens, changes, focus") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    id TEXT PRIMARY KEY NOT NULL,
                    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    password_hash TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE TABLE token (
                    hash TEXT PRIMARY KEY NOT NULL,
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE TABLE change (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    record_id TEXT NOT NULL,
                    op TEXT NOT NULL,
                    record TEXT
                );
                CREATE INDEX change_by_account ON change(account_id, seq);
                CREATE TABLE focus_settings (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    document TEXT NOT NULL
                );
                CREATE TABLE focus_session (
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    document TEXT,
                    start_at REAL,
                    end_at REAL,
                    PRIMARY KEY (account_id, id)
                );
                CREATE INDEX focus_session_by_time ON focus_session(account_id, start_at);
                """)
        }
        migrator.registerMigration("v2 timers") { db in
            try db.execute(sql: """
                CREATE TABLE timer (
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    deleted BOOLEAN NOT NULL DEFAULT 0,
                    label TEXT,
                    duration_s REAL,
                    phase TEXT,
                    started_at REAL,
                    deadline_at REAL,
                    elapsed_s REAL,
                    created_at REAL NOT NULL,
                    pending_deadline_at REAL,
                    PRIMARY KEY (account_id, id)
                );
                CREATE INDEX timer_by_creation ON timer(account_id, created_at);
                CREATE INDEX timer_pending ON timer(pending_deadline_at) WHERE pending_deadline_at IS NOT NULL;
                """)
        }
        migrator.registerMigration("v3 places, place monitors, badges") { db in
            try db.execute(sql: """
                CREATE TABLE place (
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    document TEXT,
                    PRIMARY KEY (account_id, name)
                ) WITHOUT ROWID;
                CREATE TABLE place_state (
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    state TEXT NOT NULL,
                    event_state TEXT,
                    event_at REAL,
                    event_latitude REAL,
                    event_longitude REAL,
                    event_accuracy_m REAL,
                    PRIMARY KEY (account_id, name)
                ) WITHOUT ROWID;
                CREATE TABLE place_monitor (
                    account_id TEXT PRIMARY KEY NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    last_fix_at REAL
                );
                CREATE TABLE badge (
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    badge TEXT NOT NULL,
                    document TEXT NOT NULL,
                    PRIMARY KEY (account_id, badge)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v4 runs and their fixes") { db in
            // `document` is the run's summary with its id, NULL once deleted (the tombstone that
            // keeps the same bytes from being uploaded again). Fixes are in time order by `time`
            // for live runs (no two at one instant); a file's are in file order by `seq` (a file
            // may hold fixes without times, or two at one instant).
            try db.execute(sql: """
                CREATE TABLE run (
                    account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    source TEXT NOT NULL CHECK (source IN ('file', 'live')),
                    name TEXT,
                    sport TEXT,
                    document TEXT,
                    started_at REAL,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (account_id, id)
                );
                CREATE INDEX run_by_start ON run(account_id, started_at);
                CREATE TABLE run_fix (
                    account_id TEXT NOT NULL,
                    run_id TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    segment INTEGER NOT NULL,
                    time REAL,
                    lat REAL NOT NULL,
                    lon REAL NOT NULL,
                    ele REAL,
                    accuracy_m REAL,
                    speed_m_s REAL,
                    PRIMARY KEY (account_id, run_id, seq),
                    FOREIGN KEY (account_id, run_id) REFERENCES run(account_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX run_fix_by_time ON run_fix(account_id, run_id, time);
                """)
        }
        return migrator
    }

    /// SQLite.
    var engine: StoreEngine { .sqlite }

    /// Runs `body` in one write transaction.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await pool.write { db in try body(SQLiteTransaction(db: db)) }
    }

    /// Runs `body` on a snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await pool.read { db in try body(SQLiteTransaction(db: db)) }
    }
}
