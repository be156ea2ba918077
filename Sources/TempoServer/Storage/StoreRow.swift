/// One row of a query's answer, its columns by name, on either engine.
struct StoreRow: Sendable {
    private let columns: [String: StoreValue]

    /// A row of `columns` (column name → value).
    init(columns: [String: StoreValue]) {
        self.columns = columns
    }

    /// The column `name` as `T` (an optional `T` reads null as nil).
    subscript<T: StoreDecodable>(_ name: String) -> T {
        get throws {
            guard let value = columns[name] else { throw StoreError.missingColumn(name) }
            return try T.decode(value, column: name)
        }
    }

}
