/// Why the server's storage could not answer.
enum StoreError: Error, Equatable, CustomStringConvertible {
    /// A row has no column of that name.
    case missingColumn(String)
    /// A column holds a value of another type than the one read.
    case mismatch(column: String)
    /// The `--postgres` URL cannot be used.
    case invalidURL(String)

    /// One line naming the problem.
    var description: String {
        switch self {
        case .missingColumn(let column): "the database returned no column \"\(column)\""
        case .mismatch(let column): "the database's column \"\(column)\" holds another type"
        case .invalidURL(let reason): "invalid PostgreSQL URL: \(reason)"
        }
    }
}
