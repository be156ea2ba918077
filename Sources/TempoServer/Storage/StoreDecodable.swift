/// A Swift value a row's column can be read as.
protocol StoreDecodable: Sendable {
    /// The column's value as `Self`; throws ``StoreError/mismatch(column:)`` when it is not one.
    static func decode(_ value: StoreValue, column: String) throws -> Self
}

extension String: StoreDecodable {
    /// Text.
    static func decode(_ value: StoreValue, column: String) throws -> String {
        guard case .text(let text) = value else { throw StoreError.mismatch(column: column) }
        return text
    }
}

extension Int64: StoreDecodable {
    /// An integer column (a real one only when it holds a whole number).
    static func decode(_ value: StoreValue, column: String) throws -> Int64 {
        switch value {
        case .integer(let integer): return integer
        case .real(let real) where real.rounded() == real: return Int64(real)
        default: throw StoreError.mismatch(column: column)
        }
    }
}

extension Int: StoreDecodable {
    /// An integer column.
    static func decode(_ value: StoreValue, column: String) throws -> Int {
        Int(try Int64.decode(value, column: column))
    }
}

extension Double: StoreDecodable {
    /// A real column (or an integer one, as SQLite may store a whole real).
    static func decode(_ value: StoreValue, column: String) throws -> Double {
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: throw StoreError.mismatch(column: column)
        }
    }
}

extension Bool: StoreDecodable {
    /// A boolean column (an integer on SQLite: non-zero is true).
    static func decode(_ value: StoreValue, column: String) throws -> Bool {
        switch value {
        case .boolean(let boolean): return boolean
        case .integer(let integer): return integer != 0
        default: throw StoreError.mismatch(column: column)
        }
    }
}

extension Optional: StoreDecodable where Wrapped: StoreDecodable {
    /// Null, or the wrapped value.
    static func decode(_ value: StoreValue, column: String) throws -> Wrapped? {
        value == .null ? nil : try Wrapped.decode(value, column: column)
    }
}
