import Foundation
import GRDB

/// A row of one of Tempo's tables, read and written through `Codable`: instants are REAL
/// seconds since 1970 (UTC) and ids the uppercase text `UUID.uuidString` gives, as every Tempo
/// version stored them (GRDB's defaults, date text and 16-byte ids, would not match older files).
public protocol StoredRecord: Codable, FetchableRecord, PersistableRecord {}

extension StoredRecord {
    /// Instants are written as seconds since 1970 (UTC).
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
    /// Instants are read as seconds since 1970 (UTC).
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .timeIntervalSince1970 }
    /// Ids are written as `UUID.uuidString` writes them.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}
