import Foundation
import GRDB

/// The per-account change feed: every write appends one entry in the same transaction, so the
/// feed's order is commit order and a device that read up to `seq` has seen every change before it.
enum ChangeFeed {
    /// What changed.
    enum Kind: String, Sendable {
        case focusSession = "focus_session", focusSettings = "focus_settings"
    }

    /// Appends a change; `record` is the record's document after the change (nil for a delete).
    static func append(_ db: Database, account: String, kind: Kind, id: String, op: String, record: String?) throws {
        try db.execute(sql: "INSERT INTO change (account_id, kind, record_id, op, record) VALUES (?, ?, ?, ?, ?)",
                       arguments: [account, kind.rawValue, id, op, record])
    }

    /// The account's entries after `since`, oldest first, at most `limit`, as the JSON document of
    /// `GET /v1/changes` (records embedded as they were stored: each is a document this server wrote).
    static func page(_ db: Database, account: String, since: Int64, limit: Int) throws -> String {
        let rows = try Row.fetchAll(db, sql: """
            SELECT seq, kind, record_id, op, record FROM change WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?
            """, arguments: [account, since, limit])
        var next = since
        let entries = rows.map { row -> String in
            let seq: Int64 = row["seq"]
            next = seq
            let record: String? = row["record"]
            return #"{"id":\#(quoted(row["record_id"])),"kind":\#(quoted(row["kind"])),"op":\#(quoted(row["op"])),"#
                + #""record":\#(record ?? "null"),"seq":\#(seq)}"#
        }
        return #"{"changes":[\#(entries.joined(separator: ","))],"next":\#(next)}"#
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
