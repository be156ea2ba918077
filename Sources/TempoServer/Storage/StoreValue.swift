/// A value as either engine stores it: what a statement binds and what a row holds.
///
/// Instants are `real` seconds since 1970 and identifiers `text`, on SQLite and PostgreSQL alike,
/// so a document stored by one engine reads back to the bit on the other.
enum StoreValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case boolean(Bool)
}
