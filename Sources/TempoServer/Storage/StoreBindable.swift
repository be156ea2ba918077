/// A Swift value a statement can bind to a `?` placeholder.
protocol StoreBindable: Sendable {
    /// The value as stored.
    var storeValue: StoreValue { get }
}

extension String: StoreBindable {
    /// Text.
    var storeValue: StoreValue { .text(self) }
}

extension Int: StoreBindable {
    /// A 64-bit integer.
    var storeValue: StoreValue { .integer(Int64(self)) }
}

extension Int64: StoreBindable {
    /// A 64-bit integer.
    var storeValue: StoreValue { .integer(self) }
}

extension Double: StoreBindable {
    /// A double-precision real.
    var storeValue: StoreValue { .real(self) }
}

extension Bool: StoreBindable {
    /// A boolean (0 or 1 on SQLite).
    var storeValue: StoreValue { .boolean(self) }
}

extension Optional: StoreBindable where Wrapped: StoreBindable {
    /// The wrapped value, or null.
    var storeValue: StoreValue { map(\.storeValue) ?? .null }
}
