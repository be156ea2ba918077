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
            let reportArguments = ["focus", "report", "--from", "2020-01-01", "--to", "2029-12-31", "--json"]
            var report = try tempo.run(reportArguments)
            if (try? report.json()) == nil {
                // Once in a CI run (not reproduced in 200 rounds since, alone or under load) this
                // read printed nothing: say how it ended, and read again, so that a lost
                // transaction still fails below while a read that failed once is reported.
                print("round \(round), \(arguments) killed: the report ended with \(report.status) and printed \(report.stdout.count) bytes; stderr: \(report.stderr)")
                report = try tempo.run(reportArguments)
            }
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

/// SQLite's integrity check through Python's sqlite3 module (independent of GRDB).
enum SQLiteCheck {
    static func integrity(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "ok" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
