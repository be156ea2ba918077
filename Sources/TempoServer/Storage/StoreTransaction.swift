/// One transaction on either engine, as the controllers use it: SQL with `?` placeholders,
/// written once in the dialect SQLite and PostgreSQL share (`ON CONFLICT … DO UPDATE`,
/// `IS DISTINCT FROM`, `CAST(? AS DOUBLE PRECISION)` where a placeholder's type is not implied).
///
/// Every statement on an account's records is keyed by its `account_id`.
protocol StoreTransaction {
    /// The engine this transaction runs on.
    var engine: StoreEngine { get }

    /// Runs a statement; returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(sql: String, arguments: [any StoreBindable]) throws -> Int

    /// Runs a query and returns every row of its answer.
    func fetchRows(sql: String, arguments: [any StoreBindable]) throws -> [StoreRow]

    /// Runs a query and returns its first column, row by row.
    func fetchValues(sql: String, arguments: [any StoreBindable]) throws -> [StoreValue]
}

extension StoreTransaction {
    /// Runs a statement without arguments.
    @discardableResult
    func execute(sql: String) throws -> Int {
        try execute(sql: sql, arguments: [])
    }
}

extension StoreRow {
    /// Every row of the query's answer.
    static func fetchAll(_ db: any StoreTransaction, sql: String, arguments: [any StoreBindable] = []) throws -> [StoreRow] {
        try db.fetchRows(sql: sql, arguments: arguments)
    }

    /// The first row of the query's answer, if any.
    static func fetchOne(_ db: any StoreTransaction, sql: String, arguments: [any StoreBindable] = []) throws -> StoreRow? {
        try db.fetchRows(sql: sql, arguments: arguments).first
    }
}

extension StoreDecodable {
    /// The first column of every row of the query's answer (null rows skipped).
    static func fetchAll(_ db: any StoreTransaction, sql: String, arguments: [any StoreBindable] = []) throws -> [Self] {
        try db.fetchValues(sql: sql, arguments: arguments).compactMap { value in
            value == .null ? nil : try decode(value, column: "1")
        }
    }

    /// The first column of the first row of the query's answer; nil when there is no row or it is null.
    static func fetchOne(_ db: any StoreTransaction, sql: String, arguments: [any StoreBindable] = []) throws -> Self? {
        guard let value = try db.fetchValues(sql: sql, arguments: arguments).first, value != .null else { return nil }
        return try decode(value, column: "1")
    }
}
