/// The PostgreSQL store's schema, as named migrations applied in order, each once, never edited
/// once released (append new ones). The same tables and columns as the SQLite store's, with
/// PostgreSQL's types: instants are `DOUBLE PRECISION` seconds since 1970 on both engines.
enum PostgresMigrations {
    /// Each migration's name and statements.
    static let all: [(name: String, statements: [String])] = [
        ("v1 accounts, tokens, changes, focus", [
            // Emails compare without case, as SQLite's `COLLATE NOCASE` has them (ICU, level 2).
            "CREATE COLLATION tempo_nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
            """
            CREATE TABLE account (
                id TEXT PRIMARY KEY, email TEXT COLLATE tempo_nocase NOT NULL UNIQUE, password_hash TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL)
            """,
            """
            CREATE TABLE token (
                hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                device TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
            """,
            """
            CREATE TABLE change (
                seq BIGINT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                kind TEXT NOT NULL, record_id TEXT NOT NULL, op TEXT NOT NULL, record TEXT)
            """,
            "CREATE INDEX change_by_account ON change(account_id, seq)",
            // The change feed's numbering (see `ChangeFeed.append`): one row, locked by each
            // appending transaction until it commits.
            "CREATE TABLE change_counter (only_row BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row), last_seq BIGINT NOT NULL)",
            "INSERT INTO change_counter (last_seq) VALUES (0)",
            """
            CREATE TABLE focus_settings (
                account_id TEXT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE, document TEXT NOT NULL)
            """,
            """
            CREATE TABLE focus_session (
                account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, id TEXT NOT NULL, document TEXT,
                start_at DOUBLE PRECISION, end_at DOUBLE PRECISION, PRIMARY KEY (account_id, id))
            """,
            "CREATE INDEX focus_session_by_time ON focus_session(account_id, start_at)",
        ]),
        ("v2 timers", [
            // `rowid` orders timers created at one instant, as SQLite's rowid does.
            """
            CREATE TABLE timer (
                account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, id TEXT NOT NULL,
                rowid BIGINT GENERATED ALWAYS AS IDENTITY,
                deleted BOOLEAN NOT NULL DEFAULT false, label TEXT, duration_s DOUBLE PRECISION, phase TEXT,
                started_at DOUBLE PRECISION, deadline_at DOUBLE PRECISION, elapsed_s DOUBLE PRECISION,
                created_at DOUBLE PRECISION NOT NULL, pending_deadline_at DOUBLE PRECISION,
                PRIMARY KEY (account_id, id))
            """,
            "CREATE INDEX timer_by_creation ON timer(account_id, created_at)",
            "CREATE INDEX timer_pending ON timer(pending_deadline_at) WHERE pending_deadline_at IS NOT NULL",
        ]),
        ("v3 places, place monitors, badges", [
            """
            CREATE TABLE place (
                account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, name TEXT NOT NULL, document TEXT,
                PRIMARY KEY (account_id, name))
            """,
            """
            CREATE TABLE place_state (
                account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, name TEXT NOT NULL,
                state TEXT NOT NULL, event_state TEXT, event_at DOUBLE PRECISION, event_latitude DOUBLE PRECISION,
                event_longitude DOUBLE PRECISION, event_accuracy_m DOUBLE PRECISION, PRIMARY KEY (account_id, name))
            """,
            """
            CREATE TABLE place_monitor (
                account_id TEXT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE, revision BIGINT NOT NULL,
                last_fix_at DOUBLE PRECISION)
            """,
            """
            CREATE TABLE badge (
                account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, badge TEXT NOT NULL,
                document TEXT NOT NULL, PRIMARY KEY (account_id, badge))
            """,
        ]),
        ("v4 runs and their fixes", [
            """
            CREATE TABLE run (
                account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE, id TEXT NOT NULL,
                source TEXT NOT NULL CHECK (source IN ('file', 'live')), name TEXT, sport TEXT, document TEXT,
                started_at DOUBLE PRECISION, created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, id))
            """,
            "CREATE INDEX run_by_start ON run(account_id, started_at)",
            """
            CREATE TABLE run_fix (
                account_id TEXT NOT NULL, run_id TEXT NOT NULL, seq BIGINT NOT NULL, segment BIGINT NOT NULL,
                time DOUBLE PRECISION, lat DOUBLE PRECISION NOT NULL, lon DOUBLE PRECISION NOT NULL,
                ele DOUBLE PRECISION, accuracy_m DOUBLE PRECISION, speed_m_s DOUBLE PRECISION,
                PRIMARY KEY (account_id, run_id, seq),
                FOREIGN KEY (account_id, run_id) REFERENCES run(account_id, id) ON DELETE CASCADE)
            """,
            "CREATE INDEX run_fix_by_time ON run_fix(account_id, run_id, time)",
        ]),
    ]

    /// Applies the migrations not yet applied, in one transaction under an advisory lock (server
    /// processes starting together wait for one another).
    static func migrate(_ db: any StoreTransaction) throws {
        try db.execute(sql: "SELECT pg_advisory_xact_lock(?)", arguments: [PostgresStore.migrationLock])
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS tempo_migration (name TEXT PRIMARY KEY)")
        let applied = Set(try String.fetchAll(db, sql: "SELECT name FROM tempo_migration"))
        for migration in all where !applied.contains(migration.name) {
            for statement in migration.statements { try db.execute(sql: statement) }
            try db.execute(sql: "INSERT INTO tempo_migration (name) VALUES (?)", arguments: [migration.name])
        }
    }
}
