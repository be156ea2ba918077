import Foundation
import GRDB
import Testing
import TempoKit
import TempoStore
import TempoTestSupport

/// Several tags per session in the store: a store written before the "focus tags list"
/// migration opens with every session's tag as a one-element list; lists round-trip; undo
/// restores a session bit for bit.
@Suite struct FocusTagsStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z

    @Test func anOldFormatFileOpensWithItsTags() throws {
        let path = TestDirectory.root.appendingPathComponent("tempo-old-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        // A file as a store before tag lists left it: the v1 focus schema, its sessions with one `tag`.
        do {
            let queue = try DatabaseQueue(path: path)
            _ = try AppDatabase(queue)
            try queue.write { db in
                try db.execute(sql: """
                    DROP TABLE focus_undo;
                    ALTER TABLE focus_session DROP COLUMN tags;
                    DELETE FROM grdb_migrations WHERE identifier IN ('focus tags list', 'focus undo journal');
                    INSERT INTO focus_session (id, tag, first_at, last_at, stopped_at) VALUES
                        ('00000000-0000-4000-8000-000000000001', 'thesis writing', 1714550400, 1714554000, 1714554000),
                        ('00000000-0000-4000-8000-000000000002', NULL, 1714557600, 1714561200, 1714561200);
                    INSERT INTO focus_segment (session_id, seq, start_at, end_at) VALUES
                        ('00000000-0000-4000-8000-000000000001', 0, 1714550400, 1714554000),
                        ('00000000-0000-4000-8000-000000000002', 0, 1714557600, 1714561200);
                    """)
            }
            #expect(try queue.read { db in try db.columns(in: "focus_session").map(\.name) }.contains("tags") == false)
        }
        let database = try AppDatabase.open(path: path)
        let sessions = try database.focusLedger().sessions
        #expect(sessions.map(\.tags) == [["thesis writing"], []])
        #expect(sessions.map { $0.duration(at: t0) } == [.seconds(3600), .seconds(3600)])
        // Nothing to undo in a store that never journaled.
        #expect(throws: FocusError.nothingToUndo) { try database.undoFocus() }
    }

    @Test func tagListsRoundTripAndFilter() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        try database.addFocusSession(start: t0, end: t0 + 600, tags: ["thesis", " writing ", "thesis", ""], trim: false, now: t0 + 1e4)
        try database.addFocusSession(start: t0 + 600, end: t0 + 900, tags: ["mail"], trim: false, now: t0 + 1e4)
        let ledger = try database.focusLedger()
        #expect(ledger.sessions.map(\.tags) == [["thesis", "writing"], ["mail"]])
        #expect(ledger.filtered(tag: "writing").sessions.count == 1)
        // A session counts under each of its tags.
        let report = try ledger.report(settings: FocusSettings(timeZoneIdentifier: "UTC"), now: t0 + 1e4)
        #expect(Dictionary(uniqueKeysWithValues: report.tags.map { ($0.key ?? "-", $0.totalSeconds) }) == ["thesis": 600, "writing": 600, "mail": 300])
        #expect(report.totalSeconds == 900)
    }

    @Test func undoPutsAnEditedSessionBackBitForBit() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        let session = try database.addFocusSession(start: t0 + 0.123456789, end: t0 + 600.987654321, tags: ["a"], trim: false, now: t0 + 1e4)
        let original = try database.focusLedger()
        try database.editFocusSession(session.shortID, start: t0 - 60, end: nil, tags: ["b", "c"], now: t0 + 1e4)
        #expect(try database.focusLedger() != original)
        #expect(try database.undoFocus().hasPrefix("edit a ("))  // named as it was
        #expect(try database.focusLedger() == original)
        #expect(try database.undoFocus().hasPrefix("add a ("))
        #expect(try database.focusLedger().sessions.isEmpty)
    }
}
