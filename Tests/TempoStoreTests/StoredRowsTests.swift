import Foundation
import GRDB
import TempoKit
@testable import TempoStore
import Testing

/// What the records write is what every Tempo version wrote (text ids, REAL instants), and a
/// change rewrites only the segment rows it changed.
@Suite struct StoredRowsTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000.25)

    /// Logs every insert, update and delete on `table` into the temporary table `change_log`.
    private func logChanges(of table: String, in database: AppDatabase) throws {
        try database.write { db in
            try db.execute(sql: "CREATE TEMP TABLE change_log (change TEXT NOT NULL)")
            for change in ["INSERT", "UPDATE", "DELETE"] {
                try db.execute(sql: """
                    CREATE TEMP TRIGGER log_\(change) AFTER \(change) ON \(table)
                    BEGIN INSERT INTO change_log VALUES ('\(change.lowercased())'); END
                    """)
            }
        }
    }

    private func takeLog(_ database: AppDatabase) throws -> [String] {
        try database.write { db in
            defer { _ = try? db.execute(sql: "DELETE FROM change_log") }
            return try String.fetchAll(db, sql: "SELECT change FROM change_log ORDER BY rowid")
        }
    }

    @Test func savingATimerUpdatesItsSegmentsInPlace() throws {
        let database = try AppDatabase.inMemory()
        var countdown = try Countdown(duration: .seconds(600))
        try countdown.start(at: t0)
        try countdown.pause(at: t0 + 10)
        try countdown.resume(at: t0 + 20)
        try database.insertTimer(TimerRecord(label: "tea", createdAt: t0, countdown: countdown))
        try logChanges(of: "timer_segment", in: database)
        let t0 = self.t0
        try database.updateTimer(matching: "tea", at: t0 + 30) { try $0.countdown.pause(at: t0 + 30) }
        #expect(try takeLog(database) == ["update"])
        try database.updateTimer(matching: "tea", at: t0 + 40) { try $0.countdown.resume(at: t0 + 40) }
        #expect(try takeLog(database) == ["insert"])
        let segments = try database.timer(matching: "tea", at: t0 + 50).countdown.stopwatch.segments
        #expect(segments.map(\.start) == [t0, t0 + 20, t0 + 40])
        #expect(segments.map(\.end) == [t0 + 10, t0 + 30, nil])
    }

    @Test func changingFocusUpdatesItsSegmentsInPlace() throws {
        let database = try AppDatabase.inMemory()
        let t0 = self.t0
        try database.changeFocus("test") { ledger in ledger.start(tags: ["math"], at: t0) }
        try database.changeFocus("test") { ledger in try ledger.pause(at: t0 + 60) }
        try logChanges(of: "focus_segment", in: database)
        try database.changeFocus("test") { ledger in try ledger.resume(at: t0 + 120) }
        #expect(try takeLog(database) == ["insert"])
        try database.changeFocus("test") { ledger in _ = try ledger.stop(at: t0 + 180) }
        #expect(try takeLog(database) == ["update"])
        #expect(try database.focusLedger().sessions.first?.duration(at: t0 + 1000) == .seconds(120))
    }

    /// Older Tempo versions read these files: ids as `uuidString` text, instants as REAL.
    @Test func rowsKeepTheStoredFormat() throws {
        let database = try AppDatabase.inMemory()
        var countdown = try Countdown(duration: .seconds(60))
        try countdown.start(at: t0)
        let timer = TimerRecord(label: nil, createdAt: t0, countdown: countdown)
        try database.insertTimer(timer)
        let run = RunRecord(source: .live, sourceName: "test", createdAt: t0)
        try database.beginLiveRun(run, sportChanges: [SportChange(at: t0, sport: .running)])
        let t0 = self.t0
        try database.changeFocus("test") { ledger in ledger.start(tags: [], at: t0) }
        let rows = try database.read { db in
            try [
                "SELECT typeof(id), id, typeof(created_at), created_at FROM timer",
                "SELECT typeof(timer_id), timer_id, typeof(start_at), start_at FROM timer_segment",
                "SELECT typeof(id), id, typeof(created_at), created_at FROM run",
                "SELECT typeof(run_id), run_id, typeof(start_at), start_at FROM run_sport",
                "SELECT typeof(session_id), 'session', typeof(start_at), start_at FROM focus_segment",
            ].compactMap { sql in
                try Row.fetchOne(db, sql: sql).map { row in (row[0] as String, row[1] as String, row[2] as String, row[3] as Double) }
            }
        }
        try #require(rows.count == 5)
        for (idType, _, instantType, instant) in rows {
            #expect(idType == "text")
            #expect(instantType == "real")
            #expect(instant == t0.timeIntervalSince1970)
        }
        #expect(rows.map(\.1) == [timer.id.uuidString, timer.id.uuidString, run.id.uuidString, run.id.uuidString, "session"])
    }

    /// A row no record can hold is a damaged file, as it was when rows were decoded by hand.
    @Test func anUnreadableRowIsACorruptStore() throws {
        let database = try AppDatabase.inMemory()
        try database.write { db in
            try db.execute(sql: "INSERT INTO timer (id, label, duration_s, created_at) VALUES ('not-a-uuid', 'tea', 60, 0)")
            try db.execute(sql: "INSERT INTO focus_session (id, first_at, last_at) VALUES ('not-a-uuid', 0, 1)")
            try db.execute(sql: "INSERT INTO focus_segment (session_id, seq, start_at, end_at) VALUES ('not-a-uuid', 0, 0, 1)")
        }
        for read in [{ _ = try database.timers() }, { _ = try database.focusLedger() }] as [() throws -> Void] {
            let error = #expect(throws: StoreError.self) { try read() }
            guard case .corrupt = error else {
                Issue.record("expected a corrupt store, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func storedTextIDsParseLikeFoundation() {
        for _ in 0..<100 {
            let id = UUID()
            #expect(UUID(storedText: id.uuidString) == id)
            #expect(UUID(storedText: id.uuidString.lowercased()) == id)
        }
        let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        #expect(UUID(storedText: text) == UUID(uuidString: text))
        for bad in ["", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", text + "0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
                    "E621E1F8xC36C-495A-93FC-0C247A3E6E5F", "E621E1F8C-36C-495A-93FC-0C247A3E6E5F", "é621E1F8-C36C-495A-93FC-0C247A3E6E5"] {
            #expect(UUID(storedText: bad) == nil)
        }
    }
}
