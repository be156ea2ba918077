import CSQLite
import Foundation

/// A read-only connection to a store through SQLite's C interface: the few reads the quick
/// commands make, without GRDB's start-up. Anything unexpected (an error, a schema this build
/// does not know, a journal to roll back) is ``PassOn``, and the full tool answers.
final class QuickStore {
    /// The migrations of the stores this build reads, in order (a test checks them against
    /// TempoStore's migrator).
    static let migrations = [
        "v1 timers", "v1 runs", "v1 focus", "focus tags list", "focus undo journal", "v1 places",
        "v2 run sports", "v2 place windows", "v1 sync", "v2 sync runs", "v3 sync timers",
        "v2 timer alarms", "v4 run fix sensors", "v2 focus day totals", "v5 run fix device distance",
    ]

    private let handle: OpaquePointer

    /// The store at `path`; nil when there is none yet (no file, or a file with no tables).
    static func open(path: String) throws(PassOn) -> QuickStore? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw PassOn("cannot stat the store")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw PassOn("the store is not a file") }
        guard !usesWriteAheadLog(path) else { throw PassOn("the store keeps a write-ahead log") }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            throw PassOn("SQLite cannot open the store")
        }
        sqlite3_busy_timeout(handle, 10_000)
        let store = QuickStore(handle: handle)
        // One read transaction for every read: the answer comes from one state of the store, and
        // SQLite takes its lock and checks for a journal once rather than at each statement.
        try store.rows("BEGIN") { _ in }
        let tables = try store.integer("SELECT count(*) FROM sqlite_master") ?? 0
        if tables == 0 { return nil }
        var recorded: [String] = []
        try store.rows("SELECT identifier FROM grdb_migrations ORDER BY rowid") { recorded.append($0.text(0) ?? "") }
        guard recorded == migrations else { throw PassOn("the store's migrations are not this build's") }
        return store
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
        sqlite3_close(handle)
    }

    /// Calls `body` with each row of `sql` with `arguments` bound in order.
    func rows(_ sql: String, _ arguments: [Double] = [], _ body: (Row) throws(PassOn) -> Void) throws(PassOn) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw PassOn("SQLite cannot prepare a read")
        }
        defer { sqlite3_finalize(statement) }
        for (index, argument) in arguments.enumerated() {
            sqlite3_bind_double(statement, Int32(index + 1), argument)
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: try body(Row(statement: statement))
            case SQLITE_DONE: return
            default: throw PassOn("SQLite cannot read the store")
            }
        }
    }

    /// The first column of the first row of `sql`, as an integer; nil for no row or NULL.
    func integer(_ sql: String, _ arguments: [Double] = []) throws(PassOn) -> Int? {
        var value: Int?
        try rows(sql, arguments) { value = value ?? $0.integer(0) }
        return value
    }

    /// The first column of the first row of `sql`, as a number; nil for no row or NULL.
    func double(_ sql: String, _ arguments: [Double] = []) throws(PassOn) -> Double? {
        var value: Double?
        try rows(sql, arguments) { value = value ?? $0.double(0) }
        return value
    }

    /// One row of a result, read by column index; NULL reads as nil.
    struct Row {
        fileprivate let statement: OpaquePointer

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
        func double(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(statement, column) }
        func integer(_ column: Int32) -> Int? { isNull(column) ? nil : Int(sqlite3_column_int64(statement, column)) }
        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// Whether the file's header says write-ahead log (bytes 18 and 19 are 2): a reader would
    /// leave its side files behind.
    private static func usesWriteAheadLog(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 20)
        guard fread(&header, 1, 20, file) == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }
}

/// Why the quick path does not answer a command line itself: the full tool will.
struct PassOn: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
