import Logging
import NIOPosix
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The server's records in a PostgreSQL database, shared by any number of `tempo serve`
/// processes (`--postgres URL`).
///
/// Each transaction's body runs on a thread of the store's own pool with one pooled connection
/// (bodies are synchronous, as on SQLite). Every write transaction first takes one
/// transaction-level advisory lock: writes run one at a time across all processes, as SQLite's
/// one writer does, so a body's read-decide-write needs no retry loop and cannot interleave
/// with another's. Reads run in `REPEATABLE READ` snapshots and never wait for writes.
final class PostgresStore: ServerStorage, Service {
    /// Connections (and store threads) per process.
    static let maximumConnections = 16
    /// The advisory lock every write transaction holds until it ends.
    static let writeLock: Int64 = 0x7465_6D70_6F77
    /// The advisory lock the migrations hold.
    static let migrationLock: Int64 = 0x7465_6D70_6F6D
    /// The channel on which a committed change names its account.
    static let changeChannel = "tempo_change"
    /// The channel on which a revoked token's hash is announced.
    static let tokenChannel = "tempo_token"

    private let client: PostgresClient
    private let clientTask: Task<Void, Never>
    private let threads: NIOThreadPool
    private let logger: Logger

    /// PostgreSQL.
    var engine: StoreEngine { .postgres }

    /// Connects to `url` (see ``PostgresURL``) and applies the migrations not yet applied.
    static func open(url: String, logger: Logger) async throws -> PostgresStore {
        let store = PostgresStore(configuration: try PostgresURL.configuration(url), logger: logger)
        do {
            try await store.write { db in try PostgresMigrations.migrate(db) }
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    private init(configuration: PostgresClient.Configuration, logger: Logger) {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        clientTask = Task { await client.run() }
        threads = NIOThreadPool(numberOfThreads: Self.maximumConnections)
        threads.start()
        self.logger = logger
    }

    /// Runs `body` in one write transaction holding ``writeLock``.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await transaction(begin: "BEGIN", lock: true, body)
    }

    /// Runs `body` on one snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", lock: false, body)
    }

    /// Runs `body`'s one statement on its own, in autocommit: one round trip instead of three
    /// (`BEGIN`, the statement, `COMMIT`), for the reads made on every request.
    func readStatement<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        let logger = self.logger, threads = self.threads
        return try await client.withConnection { connection in
            try await threads.runIfActive { try body(PostgresTransaction(connection: connection, logger: logger)) }
        }
    }

    private func transaction<T: Sendable>(
        begin: String, lock: Bool, _ body: @escaping @Sendable (any StoreTransaction) throws -> T
    ) async throws -> T {
        let logger = self.logger, threads = self.threads
        return try await client.withConnection { connection in
            try await threads.runIfActive {
                let transaction = PostgresTransaction(connection: connection, logger: logger)
                try transaction.execute(sql: begin)
                do {
                    if lock { try transaction.execute(sql: "SELECT pg_advisory_xact_lock(?)", arguments: [Self.writeLock]) }
                    let result = try body(transaction)
                    try transaction.execute(sql: "COMMIT")
                    return result
                } catch {
                    // The body's error is the one to report; a failed rollback leaves the
                    // connection broken, and the pool replaces it.
                    _ = try? transaction.execute(sql: "ROLLBACK")
                    throw error
                }
            }
        }
    }

    /// Calls `received(channel, payload)` for every notification on `channels`, from any server
    /// process, until cancelled; a lost connection is replaced after `retryDelay`. `listening`
    /// is called each time every channel is listened to, `lost` each time the connection is lost
    /// (notifications sent until `listening` is called again are never received).
    func listen(
        to channels: [String], retryDelay: Duration = .seconds(1),
        listening: @escaping @Sendable () -> Void = {}, lost: @escaping @Sendable () -> Void = {},
        _ received: @escaping @Sendable (String, String) async -> Void
    ) async {
        while !Task.isCancelled {
            let started = ListenCount()
            do {
                try await client.withConnection { connection in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for channel in channels {
                            group.addTask {
                                try await connection.listen(on: channel) { notifications in
                                    if started.increment() == channels.count { listening() }
                                    for try await notification in notifications {
                                        await received(channel, notification.payload)
                                    }
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                }
            } catch {
                lost()
                if Task.isCancelled { return }
                logger.error("lost the PostgreSQL notifications, listening again: \(error)")
            }
            try? await Task.sleep(for: retryDelay)
        }
    }

    /// Keeps the connections until graceful shutdown, then closes them.
    func run() async throws {
        // Cancellation (rather than a graceful shutdown) closes the connections all the same.
        do { try await gracefulShutdown() } catch {}
        await close()
    }

    /// Closes the connections and the store's threads.
    func close() async {
        clientTask.cancel()
        do { try await threads.shutdownGracefully() } catch {
            logger.error("could not stop the PostgreSQL store's threads: \(error)")
        }
    }
}

/// How many of a connection's channels are listened to.
private final class ListenCount: Sendable {
    private let count = Mutex(0)

    /// One more; returns how many now.
    func increment() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
