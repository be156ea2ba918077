/// Where `tempo serve` keeps every account's records: one SQLite file (``ServerStore``) or a
/// PostgreSQL database (``PostgresStore``). Controllers see only this.
///
/// A write runs its body in one transaction and commits it before returning; writes never
/// interleave on an account (SQLite has one writer; PostgreSQL takes a transaction-level
/// advisory lock), so a body may read, decide and write as if alone, and the change feed's
/// `seq` order is commit order.
protocol ServerStorage: Sendable {
    /// The engine behind this storage.
    var engine: StoreEngine { get }

    /// Runs `body` in one write transaction, on a thread of the storage's own (the body blocks).
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T

    /// Runs `body` on a consistent snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T

    /// Runs `body`, which reads with one statement: a statement is a snapshot by itself, so no
    /// transaction need be opened around it.
    func readStatement<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T
}

extension ServerStorage {
    /// A read like any other (SQLite's transactions cost no round trip).
    func readStatement<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
        try await read(body)
    }
}
