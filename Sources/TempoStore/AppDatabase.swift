import Foundation
import GRDB
import TempoKit

/// Tempo's durable store: one SQLite file reached through GRDB.
///
/// A command opens one connection (`DatabaseQueue`) with a busy timeout, so several `tempo`
/// processes can share the file; each command's change is one write transaction. The file keeps
/// SQLite's rollback journal, so a reader leaves nothing behind: a read-only command opens it
/// read-only and writes not one byte (no `-wal`/`-shm` files, no header change). Instants are
/// stored as REAL seconds since 1970 (UTC), never as counters. Tests use an in-memory queue.
public struct AppDatabase: Sendable {
    /// The connection (queue or pool), reached only through `perform`: every change is one
    /// transaction, and every failure comes out as a `StoreError` or a domain error.
    private let writer: any DatabaseWriter
    /// The calendar whose focus day totals every write transaction keeps (nil: the totals are
    /// only caught up for the calendar they were built for); see ``keepingFocusDayTotals(for:)``.
    private(set) var focusDaySettings: FocusSettings?

    /// How a command uses the store.
    public enum Access: Sendable {
        /// The command may write: the file (and its folder) is created on first use.
        case readWrite
        /// The command only reads: nothing is created or written, and a missing file reads as
        /// an empty store.
        case readOnly
        /// The command changes what is stored (pause, stop, remove): a missing file reads as an
        /// empty store, where there is nothing to change, and is not created.
        case update
    }

    /// Wraps a connection and brings its schema up to date.
    public init(_ writer: any DatabaseWriter) throws(StoreError) {
        self.writer = writer
        do {
            try Self.migrate(writer)
        } catch {
            throw StoreError(error, path: writer.path)
        }
    }

    /// The store over a file whose schema is complete. What the connection learnt of the
    /// schema while opening is forgotten: another process may have been creating the tables
    /// meanwhile, and GRDB keeps a connection's table layouts (records rely on them) until told.
    private init(migrated queue: DatabaseQueue) {
        queue.inDatabase { db in db.clearSchemaCache() }
        self.writer = queue
    }

    /// `database`, keeping the focus day totals for `settings` (``keepingFocusDayTotals(for:)``).
    init(_ database: AppDatabase, keepingFocusDaysFor settings: FocusSettings) {
        writer = database.writer
        focusDaySettings = settings
    }

    /// Opens the store at `path`: created on first use for `.readWrite`, never written for
    /// `.readOnly`. A SQLite file that is not a Tempo store is refused untouched (unless empty).
    public static func open(path: String, access: Access = .readWrite) throws(StoreError) -> AppDatabase {
        guard !path.isEmpty else { throw .cannotOpen(path: "''", reason: "the database path is empty") }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue { throw .cannotOpen(path: path, reason: "it is a directory") }
        if !exists {
            if access != .readWrite { return try emptyStore() }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create its folder \(folder.path)")
            }
        }
        if access == .readOnly, let reader = try openReadOnly(path: path) { return reader }
        let queue = try connect(path: path)
        do {
            guard try queue.read(Self.isTempoStoreOrEmpty) else { throw StoreError.foreign(path: path) }
            try Self.migrate(queue)
            // Stores made by Tempo 0.3 and earlier kept a write-ahead log, whose side files a
            // reader would leave behind: the first open turns it into the rollback journal.
            if try queue.read({ db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }) == "wal" {
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            }
        } catch {
            throw StoreError(error, path: path)
        }
        return AppDatabase(migrated: queue)
    }

    /// A read-only connection to an up-to-date store; nil when it must be written first (an
    /// older schema to migrate, or a journal left by a killed writer to roll back).
    private static func openReadOnly(path: String) throws(StoreError) -> AppDatabase? {
        // A reader of a write-ahead-log file would create its side files and leave them.
        if usesWriteAheadLog(path) { return nil }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration(readonly: true))
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // Opening reads the schema, and a journal a killed writer left must first be rolled
            // back (SQLITE_READONLY_ROLLBACK): a writer's connection does that.
            return nil
        } catch {
            throw StoreError(error, path: path)
        }
        do {
            guard try queue.read(Self.isTempoStoreOrEmpty) else { throw StoreError.foreign(path: path) }
            let current = try queue.read { db in
                try db.tableExists("grdb_migrations") ? try migrator.hasCompletedMigrations(db) : false
            }
            if current { return AppDatabase(migrated: queue) }
            // An empty file reads as an empty store; anything older is migrated by a writer.
            if try queue.read({ db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0 }) == 0 {
                return try emptyStore()
            }
            return nil
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            return nil
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Whether the file's header says write-ahead log (bytes 18 and 19 are 2), read without SQLite.
    private static func usesWriteAheadLog(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2
    }

    private static func connect(path: String) throws(StoreError) -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: path, configuration: configuration(readonly: false))
        } catch {
            throw StoreError(error, path: path)
        }
    }

    private static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        // Memory-mapped reads: a long streak scans much of the file, and copying it page by page
        // through read() was most of the cost.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 268435456") }
        return configuration
    }

    /// True for a Tempo store (its first migration is recorded) and for a file with no tables,
    /// or only the empty migrations table another process is about to fill (a first use racing
    /// this one: GRDB creates that table before the first migration's transaction).
    private static func isTempoStoreOrEmpty(_ db: Database) throws -> Bool {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE substr(name, 1, 7) != 'sqlite_'")
        if tables.isEmpty { return true }
        guard try db.tableExists("grdb_migrations"), let first = migrator.migrations.first else { return false }
        let recorded = try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0
        if recorded == 0 { return tables == ["grdb_migrations"] }
        return try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM grdb_migrations WHERE identifier = ?", arguments: [first]) ?? false
    }

    /// Runs the migrations this file lacks. Processes opening a new store at once race to
    /// change its schema; the loser's migration rolls back ("table already exists", "duplicate
    /// column name", …), and it finds the work done or applies what is left. An error that
    /// persists over five attempts is the file's, and is thrown.
    private static func migrate(_ writer: any DatabaseWriter) throws {
        let migrator = AppDatabase.migrator
        for attempt in 1... {
            // An up-to-date file is only read: a command that changes nothing writes nothing.
            if try writer.read({ db in try db.tableExists("grdb_migrations") && migrator.hasCompletedMigrations(db) }) {
                return
            }
            do {
                try migrator.migrate(writer)
                return
            } catch is DatabaseError where attempt < 5 {
                continue
            }
        }
    }

    /// What a command that does not create the store reads when there is none: an empty
    /// in-memory database. Without foreign keys enforced, the migrations build its schema
    /// without a foreign key check after each (there is no row to check): a third of what
    /// `tempo timer list` did without a store.
    private static func emptyStore() throws(StoreError) -> AppDatabase {
        try inMemory(foreignKeys: false)
    }

    /// An empty in-memory database, for tests.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        try inMemory(foreignKeys: true)
    }

    /// An empty in-memory database, with foreign keys enforced or not.
    private static func inMemory(foreignKeys: Bool) throws(StoreError) -> AppDatabase {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = foreignKeys
        do {
            return try AppDatabase(DatabaseQueue(configuration: configuration))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: ":memory:")
        }
    }

    /// Runs `body` in one write transaction; any error rolls everything back and is thrown as
    /// a `StoreError`.
    public func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do { return try perform(.write, body) } catch { throw StoreError(error, path: writer.path) }
    }

    /// Runs `body` with a consistent read-only view; any error is thrown as a `StoreError`.
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do { return try perform(.read, body) } catch { throw StoreError(error, path: writer.path) }
    }

    /// A read or a write transaction.
    enum Transaction {
        case read, write
    }

    /// The one way to the connection (`read` and `write` go through it): runs `body` in a
    /// transaction; a write transaction ends by bringing the focus day totals up to date with
    /// the segments it changed (`catchUpDayTotals`). A database failure becomes a `StoreError`; a domain rule's refusal keeps
    /// its own type, because the focus API's callers tell those apart (an overlap, a bad time
    /// zone or day start, a bad import file, a clock that went backwards).
    func perform<T: Sendable>(_ transaction: Transaction, _ body: @Sendable (Database) throws -> T) throws -> T {
        do {
            switch transaction {
            case .read: return try writer.read(body)
            case .write:
                return try writer.write { [focusDaySettings] db in
                    let result = try body(db)
                    if let settings = focusDaySettings { try Self.keepDayTotals(db, settings: settings) }
                    try Self.catchUpDayTotals(db)
                    return result
                }
            }
        } catch {
            switch error {
            case is FocusError, is DayCalendarError, is DayTimeError, is FocusImportError, is StoreError, is StopwatchError: throw error
            default: throw StoreError(error, path: writer.path)
            }
        }
    }

    /// Named migrations, append-only: a released migration is never edited, only followed.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        registerTimerMigrations(&migrator)
        registerRunMigrations(&migrator)
        registerFocusMigrations(&migrator)
        registerPlaceMigrations(&migrator)
        registerRunSportMigrations(&migrator)
        registerPlaceWindowMigrations(&migrator)
        registerSyncMigrations(&migrator)
        registerTimerAlarmMigrations(&migrator)
        registerRunSensorMigrations(&migrator)
        registerFocusDayMigrations(&migrator)
        registerRunDeviceDistanceMigrations(&migrator)
        return migrator
    }
}
