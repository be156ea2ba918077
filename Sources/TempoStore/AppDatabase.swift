import Foundation
import GRDB

/// Tempo's durable store: one SQLite file reached through GRDB.
///
/// Production opens a `DatabasePool` (WAL, so readers never block the writer) with a busy
/// timeout, so two `tempo` processes can write at once; tests use an in-memory
/// `DatabaseQueue`. Every command's change is one write transaction. Instants are stored as
/// REAL seconds since 1970 (UTC), never as counters.
public struct AppDatabase: Sendable {
    /// The connection (pool or queue). Writes go through `write`, which is one transaction.
    public let writer: any DatabaseWriter

    /// Wraps a connection and brings its schema up to date.
    public init(_ writer: any DatabaseWriter) throws(StoreError) {
        self.writer = writer
        do {
            // An up-to-date file is only read here: a command that changes nothing writes nothing.
            let migrator = AppDatabase.migrator
            if try !writer.read(migrator.hasCompletedMigrations) {
                try migrator.migrate(writer)
            }
        } catch {
            throw StoreError(error, path: writer.path)
        }
    }

    /// Opens (creating if needed) the database file at `path`, with its parent folders.
    public static func open(path: String) throws(StoreError) -> AppDatabase {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StoreError(error, path: path)
        }
        return try AppDatabase(pool)
    }

    /// An empty in-memory database, for tests.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        do {
            return try AppDatabase(DatabaseQueue(configuration: configuration))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: ":memory:")
        }
    }

    /// Runs `body` in one write transaction; any error rolls everything back.
    public func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: writer.path)
        }
    }

    /// Runs `body` with a consistent read-only view.
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: writer.path)
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
        return migrator
    }
}
