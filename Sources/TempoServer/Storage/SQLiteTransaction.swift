import GRDB

/// A transaction of the SQLite store: GRDB's `Database` inside `DatabasePool.write` or `read`.
/// Statements are prepared once per connection (GRDB's statement cache).
struct SQLiteTransaction: StoreTransaction {
    /// The connection, valid for the transaction's body only.
    let db: Database

    /// SQLite.
    var engine: StoreEngine { .sqlite }

    /// Runs a statement; returns the rows it changed.
    @discardableResult
    func execute(sql: String, arguments: [any StoreBindable]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: Self.arguments(arguments))
        return db.changesCount
    }

    /// Every row, columns by name.
    func fetchRows(sql: String, arguments: [any StoreBindable]) throws -> [StoreRow] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: Self.arguments(arguments)).map { row in
            var columns: [String: StoreValue] = [:]
            for (name, value) in row { columns[name] = Self.value(value) }
            return StoreRow(columns: columns)
        }
    }

    /// The first column of every row.
    func fetchValues(sql: String, arguments: [any StoreBindable]) throws -> [StoreValue] {
        try DatabaseValue.fetchAll(db.cachedStatement(sql: sql), arguments: Self.arguments(arguments)).map(Self.value)
    }

    private static func arguments(_ values: [any StoreBindable]) -> StatementArguments {
        StatementArguments(values.map { value -> (any DatabaseValueConvertible)? in
            switch value.storeValue {
            case .null: nil
            case .integer(let integer): integer
            case .real(let real): real
            case .text(let text): text
            case .boolean(let boolean): boolean
            }
        })
    }

    private static func value(_ value: DatabaseValue) -> StoreValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        case .blob(let data): .text(String(decoding: data, as: UTF8.self))
        }
    }
}
