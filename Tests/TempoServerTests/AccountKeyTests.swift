import Foundation
import Testing

/// Per-user isolation in the database: every statement the server sends that touches an
/// account's records names its `account_id` (one forgotten key would let a route read or change
/// another account's rows, on either engine). Reads the server's sources, so a new statement
/// without its key fails here before any route exposes it; `IsolationTests` then proves it
/// through every route.
struct AccountKeyTests {
    /// The tables holding one account's records.
    static let accountTables = ["change", "focus_settings", "focus_session", "timer", "place", "place_state",
                                "place_monitor", "badge", "run", "run_fix"]

    /// Statements meant to span every account, each with the reason.
    static let allAccounts = [
        // A starting server schedules every account's pending timer deadlines.
        "SELECT * FROM timer WHERE pending_deadline_at IS NOT NULL",
    ]

    /// Every SQL string literal passed as `sql:` in the server's sources, by file.
    static func statements() throws -> [(file: String, sql: String)] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TempoServer")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let literal = try Regex(#"sql:\s*(?:"""(?<block>[\s\S]*?)"""|"(?<line>[^"\n]*)")"#)
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: literal) {
                let sql = (match["block"]?.substring ?? match["line"]?.substring).map(String.init) ?? ""
                found.append((file.lastPathComponent, sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
            }
        }
        return found
    }

    /// Whether `sql` reads or writes one of the account tables.
    static func touchesAccountTable(_ sql: String) -> Bool {
        accountTables.contains { table in
            sql.range(of: #"\b(FROM|INTO|UPDATE|JOIN)\s+\#(table)\b"#, options: [.regularExpression, .caseInsensitive]) != nil
        }
    }

    @Test func everyStatementOnAnAccountsRecordsIsKeyedByTheAccount() throws {
        let statements = try Self.statements()
        #expect(statements.count > 40, "the server's statements were not found")
        let unkeyed = statements.filter { _, sql in
            Self.touchesAccountTable(sql) && !sql.contains("account_id") && !Self.allAccounts.contains(sql)
        }
        #expect(unkeyed.isEmpty, "statements without account_id: \(unkeyed.map { "\($0.file): \($0.sql)" })")
    }

    @Test func theCheckCatchesAStatementWithoutItsKey() {
        #expect(Self.touchesAccountTable("SELECT document FROM focus_session WHERE id = ?"))
        #expect(Self.touchesAccountTable("UPDATE run SET document = NULL WHERE id = ?"))
        #expect(!Self.touchesAccountTable("SELECT account_id FROM token WHERE hash = ?"))
    }
}
