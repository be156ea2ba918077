import Foundation

/// The per-account change feed: every write appends one entry in the same transaction, so the
/// feed's order is commit order and a device that read up to `seq` has seen every change before it.
enum ChangeFeed {
    /// What changed.
    enum Kind: String, Sendable {
        case focusSession = "focus_session", focusSettings = "focus_settings"
        /// A countdown timer (`GET /v1/timers/{id}`); op `finished` when its deadline passed.
        case timer
        case place, badge
        /// A run (`GET /v1/runs/{id}`): its summary document, never its fixes.
        case run
    }

    /// Appends a change; `record` is the record's document after the change (nil for a delete).
    ///
    /// SQLite has one writer, so `AUTOINCREMENT` numbers changes in commit order. On PostgreSQL a
    /// sequence would not: two transactions may take 7 and 8 and commit 8 first (a reader then
    /// skips 7 for ever), and a rolled-back one leaves a hole. There the number comes from the one
    /// row of `change_counter`, incremented in the same transaction: its row lock is held until
    /// commit, so the next writer takes the next number only after this one committed (or rolled
    /// back, undoing its increment). The `NOTIFY` (sent at commit) tells the other server
    /// processes which account changed.
    static func append(_ db: any StoreTransaction, account: String, kind: Kind, id: String, op: String, record: String?) throws {
        switch db.engine {
        case .sqlite:
            try db.execute(sql: "INSERT INTO change (account_id, kind, record_id, op, record) VALUES (?, ?, ?, ?, ?)",
                           arguments: [account, kind.rawValue, id, op, record])
        case .postgres:
            try db.execute(sql: """
                WITH next AS (UPDATE change_counter SET last_seq = last_seq + 1 RETURNING last_seq)
                INSERT INTO change (seq, account_id, kind, record_id, op, record) SELECT last_seq, ?, ?, ?, ?, ? FROM next
                """, arguments: [account, kind.rawValue, id, op, record])
            try db.execute(sql: "SELECT pg_notify(?, ?)", arguments: [PostgresStore.changeChannel, account])
        }
    }

    /// One change as a JSON object, and the live event it is announced as.
    struct Entry: Sendable {
        let seq: Int64
        let event: String
        let json: String
    }

    /// The account's changes after `since`, oldest first, at most `limit`.
    static func entries(_ db: any StoreTransaction, account: String, since: Int64, limit: Int) throws -> [Entry] {
        try StoreRow.fetchAll(db, sql: """
            SELECT seq, kind, record_id, op, record FROM change WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?
            """, arguments: [account, since, limit]).map { row in
            let seq: Int64 = try row["seq"], kind: String = try row["kind"], record: String? = try row["record"]
            // Records are embedded as stored: each is a document this server wrote.
            let json = #"{"id":\#(quoted(try row["record_id"])),"kind":\#(quoted(kind)),"op":\#(quoted(try row["op"])),"#
                + #""record":\#(record ?? "null"),"seq":\#(seq)}"#
            return Entry(seq: seq, event: Kind(rawValue: kind)?.event ?? kind, json: json)
        }
    }

    /// The newest change of the account (0 before any).
    static func latest(_ db: any StoreTransaction, account: String) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM change WHERE account_id = ?", arguments: [account]) ?? 0
    }

    /// The document of `GET /v1/changes`: the entries after `since` and the `since` of the next page.
    static func page(_ db: any StoreTransaction, account: String, since: Int64, limit: Int) throws -> String {
        let entries = try entries(db, account: account, since: since, limit: limit)
        return #"{"changes":[\#(entries.map(\.json).joined(separator: ","))],"next":\#(entries.last?.seq ?? since)}"#
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}

extension ChangeFeed.Kind {
    /// The `event:` of `GET /v1/live` announcing a change of this kind.
    var event: String {
        switch self {
        case .focusSession, .focusSettings: "focus"
        case .timer: "timer"
        case .place, .badge: "places"
        case .run: "run"
        }
    }
}
