/// Which database engine a transaction runs on, for the few statements that differ.
enum StoreEngine: Sendable {
    /// One SQLite file (WAL), one server process.
    case sqlite
    /// A PostgreSQL database, shared by any number of server processes.
    case postgres
}
