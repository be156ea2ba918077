import Logging
import NIOCore
import PostgresNIO

/// A transaction of the PostgreSQL store: one pooled connection, driven from one of the
/// store's threads (each statement waits for its answer, as GRDB's do).
struct PostgresTransaction: StoreTransaction {
    /// The connection, in a transaction for the body's duration.
    let connection: PostgresConnection
    /// Where the driver logs.
    let logger: Logger

    /// PostgreSQL.
    var engine: StoreEngine { .postgres }

    /// Runs a statement; returns the rows it inserted, updated or deleted.
    @discardableResult
    func execute(sql: String, arguments: [any StoreBindable]) throws -> Int {
        try run(sql: sql, arguments: arguments).metadata.rows ?? 0
    }

    /// Every row, columns by name.
    func fetchRows(sql: String, arguments: [any StoreBindable]) throws -> [StoreRow] {
        try run(sql: sql, arguments: arguments).map { row in
            var columns: [String: StoreValue] = [:]
            for cell in row { columns[cell.columnName] = try Self.value(cell) }
            return StoreRow(columns: columns)
        }
    }

    /// The first column of every row.
    func fetchValues(sql: String, arguments: [any StoreBindable]) throws -> [StoreValue] {
        try run(sql: sql, arguments: arguments).map { row in
            guard let cell = row.first else { return .null }
            return try Self.value(cell)
        }
    }

    private func run(sql: String, arguments: [any StoreBindable]) throws -> PostgresQueryResult {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument.storeValue {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            case .boolean(let boolean): bindings.append(boolean)
            }
        }
        return try connection.query(PostgresQuery(unsafeSQL: Self.numbered(sql), binds: bindings), logger: logger).wait()
    }

    /// `sql` with its `?` placeholders numbered `$1, $2, …` (none is inside a quoted literal here).
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0, quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?", !quoted {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func value(_ cell: PostgresCell) throws -> StoreValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .bool: return .boolean(try cell.decode(Bool.self))
        case .void: return .null
        default: return .text(try cell.decode(String.self))
        }
    }
}
