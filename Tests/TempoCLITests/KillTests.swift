import Foundation
import Testing

/// `kill -9` at random instants while commands write: after every kill the store opens, passes
/// SQLite's own integrity check (run by Python's sqlite3, an independent reader), and holds
/// each transaction whole or not at all.
@Suite(.serialized) struct KillTests {
    static let kills = 40

    @Test func killedWritersLeaveWholeTransactions() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let frames = tempo.file("frames.json")
        try Data(DiskTests.watsonFrames(1000).utf8).write(to: URL(fileURLWithPath: frames))
        // How long a whole import takes here: kills are spread over 1.2 × that, so some land
        // before the commit, some after, some during it.
        let trial = try TempoBinary()
        defer { trial.cleanUp() }
        let started = Date()
        #expect(try trial.run("focus", "import", frames).status == 0)
        let window = UInt32(Date().timeIntervalSince(started) * 1.2e6)
        #expect(try tempo.run("focus", "config", "--tz", "UTC").status == 0)
        var survived = 0, landedAt: Int?
        var generator = SystemRandomNumberGenerator()
        for round in 0..<Self.kills {
            // Alternate: a 1,000-frame import (one transaction) and a timer start.
            let arguments = round.isMultiple(of: 2) ? ["focus", "import", frames] : ["timer", "start", "\(round + 1)m"]
            let (process, out, err) = try tempo.start(arguments)
            usleep(UInt32.random(in: 0..<window, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            _ = out.fileHandleForReading.readDataToEndOfFile()
            _ = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()

            // A reading command first: it meets any journal the killed writer left (and has it rolled back).
            let report = try tempo.run("focus", "report", "--from", "2020-01-01", "--to", "2029-12-31", "--json")
            let total = try #require((try? report.json() as? [String: Any])?["total_s"] as? Double,
                                     "round \(round), \(arguments) killed: exit \(report.status), \(report.stderr)")
            #expect(try SQLiteCheck.integrity(tempo.database) == "ok", "round \(round)")
            #expect(total == 0 || total == 1000 * 3600, "round \(round): a partial import of \(total) s")
            if total > 0, landedAt == nil { landedAt = round }
            #expect(try tempo.run("timer", "list").status == 0)
            survived += 1
        }
        #expect(survived == Self.kills)
        print("kill -9: \(survived) of \(Self.kills) kills survived; the import landed whole in round \(landedAt.map(String.init) ?? "none"), never in part")
    }
}

extension KillTests {
    /// A writer killed after its journal reached the disk (which the random kills above meet only
    /// now and then): Python's sqlite3 starts a transaction, spills it to the journal and exits
    /// without committing. Every reading command then rolls the journal back and reads the store
    /// as it was; none says the store is read-only (they once did, until a writer came along).
    @Test func aJournalLeftByAKilledWriterIsRolledBackByTheNextReader() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "add", "--start", "2026-11-24T09:00:00Z", "--end", "2026-11-24T10:00:00Z").status == 0)
        let before = try tempo.run("focus", "report", "--from", "2026-11-24", "--to", "2026-11-24", "--json").stdout
        for reader in [["focus", "report", "--from", "2026-11-24", "--to", "2026-11-24", "--json"], ["focus", "status", "--json"],
                       ["timer", "list", "--json"], ["focus", "log", "--json"], ["badges"]] {
            try Self.leaveHotJournal(tempo.database)
            #expect(FileManager.default.fileExists(atPath: tempo.database + "-journal"))
            let result = try tempo.run(reader)
            #expect(result.status == 0, "\(reader): \(result.stderr)")
            #expect(try SQLiteCheck.integrity(tempo.database) == "ok")
            #expect(try SQLiteCheck.tables(tempo.database).contains("junk") == false, "\(reader) left the killed writer's table")
        }
        #expect(try tempo.run("focus", "report", "--from", "2026-11-24", "--to", "2026-11-24", "--json").stdout == before)
    }

    /// Begins a transaction in `path`, writes enough that SQLite spills it to the rollback
    /// journal, and exits without committing or rolling back, as `kill -9` would.
    static func leaveHotJournal(_ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA cache_size = 1')
            c.execute('BEGIN IMMEDIATE')
            c.execute('CREATE TABLE junk (x)')
            for i in range(2000): c.execute('INSERT INTO junk VALUES (?)', ('x' * 500,))
            os._exit(0)
            """, path]
        try process.run()
        process.waitUntilExit()
    }
}

/// A store read by Python's sqlite3 module (independent of GRDB; it rolls back a hot journal first).
enum SQLiteCheck {
    /// SQLite's integrity check.
    static func integrity(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "ok" }
        return try python("print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", path)
    }

    /// The store's table names.
    static func tables(_ path: String) throws -> [String] {
        try python("print('\\n'.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute(\"SELECT name FROM sqlite_master WHERE type = 'table'\")))", path)
            .split(separator: "\n").map(String.init)
    }

    /// What `script` prints (trimmed), run with `sqlite3` and `sys` imported and `path` as its argument.
    private static func python(_ script: String, _ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3, sys\n" + script, path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
