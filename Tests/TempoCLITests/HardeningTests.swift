import Foundation
import Testing

/// Issue 14: hostile input never crashes Tempo or changes its store. One test per numbered
/// finding, each run against the built binary and a temporary store; each failed before its fix.
@Suite(.serialized) struct HardeningTests {
    /// 1. A huge duration was stored, then trapped every later display.
    @Test func hugeDurationsAreRefusedBeforeAnythingIsStored() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for huge in ["9223372036854775807s", "876600h1s", "1000000000000000000000000s"] {
            let start = try tempo.run("timer", "start", huge)
            #expect(start.status == 64, "\(huge): \(start.stderr)")
            #expect(start.stderr.contains("out of range"), "\(start.stderr)")
            let goal = try tempo.run("focus", "config", "--goal", huge)
            #expect(goal.status != 0 && goal.stderr.contains("out of range"), "\(goal.stderr)")
        }
        #expect(try tempo.run("timer", "list").stdout.contains("No timers"))
        #expect(try tempo.run("focus", "status").status == 0)

        // The longest timer accepted (100 years) reports its own deadline, to the second
        // (Python: datetime(2026, 1, 1) + timedelta(hours=876600) is 2126-01-02 00:00).
        let longest = try tempo.run(["timer", "start", "876600h", "--json"], environment: ["TEMPO_NOW": "2026-01-01T00:00:00Z"])
        let json = try #require(try longest.json() as? [String: Any])
        #expect(json["deadline_at"] as? String == "2126-01-02T00:00:00Z", "\(longest.stdout)")
        let shorter = try tempo.run(["timer", "start", "876599h", "--json"], environment: ["TEMPO_NOW": "2026-01-01T00:00:00Z"])
        #expect((try shorter.json() as? [String: Any])?["deadline_at"] as? String == "2126-01-01T23:00:00Z")
        #expect(try tempo.run(["timer", "list"], environment: ["TEMPO_NOW": "2030-01-01T00:00:00Z"]).status == 0)
    }

    /// 2. An import accepted instants `add` refuses; reports then took seconds and gigabytes.
    @Test func importsRefuseInstantsOutsideTheValidRange() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "add", "--start", "2026-11-20T09:00Z", "--end", "2026-11-20T10:00Z").status == 0)
        let before = tempo.snapshot()
        let frames = [
            "[[1700000000, 1e13, \"p\", \"a\", [], 1700000000]]",
            "[[1700000000, 1e19, \"p\", \"b\", [], 1700000000]]",
            "[[1700000000, 100000000000000000000000000000, \"p\", \"c\", [], 1700000000]]",
            "[[-1e12, 1e12, \"p\", \"d\", [], 1700000000]]",
            "[{\"start\": \"00010101T000000Z\", \"end\": \"20260101T000000Z\"}]",
            "[{\"start\": \"20260101T000000Z\", \"end\": \"99991231T000000Z\"}]",
        ]
        for (index, text) in frames.enumerated() {
            let path = tempo.file("import-\(index).json")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let started = Date()
            let result = try tempo.run("focus", "import", path)
            #expect(result.status == 1, "\(text): \(result.stderr)")
            #expect(result.stderr.contains("record 1") && result.stderr.contains("out of range"), "\(result.stderr)")
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(tempo.snapshot() == before, "\(text) changed the store")
        }
        let report = try tempo.run("focus", "report", "--from", "0001-01-01", "--to", "9999-12-31", "--json")
        #expect(report.status != 0 && report.stderr.contains("out of range"), "\(report.stderr)")
        #expect(tempo.snapshot() == before)
    }

    /// 3. `--speed 1e-20` trapped on overflow after the run (or the monitor's rows) was stored.
    @Test func replaySpeedsOutsideTheRangeStoreNothing() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("places", "add", "home", "--at", "37.5,127.0", "--radius", "200m").status == 0)
        let before = tempo.snapshot()
        let file = RunFixtures.path("run-3laps.tcx")
        for speed in ["1e-20", "1e300", "nan", "inf"] {
            let record = try tempo.run("run", "record", "--replay", file, "--speed", speed)
            #expect(record.status == 64 && record.stderr.contains("--speed"), "\(speed): \(record.stderr)")
            let watch = try tempo.run("places", "watch", "--replay", file, "--speed", speed)
            #expect(watch.status == 64 && watch.stderr.contains("--speed"), "\(speed): \(watch.stderr)")
            #expect(tempo.snapshot() == before)
        }
        #expect(try tempo.run("run", "record", "--replay", file, "--speed", "0").status == 0)
    }

    /// 4. Failures left writes: an empty unfinished run, monitor rows, a foreign file migrated.
    @Test func failedCommandsAndForeignFilesLeaveEverythingAsItWas() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("places", "add", "home", "--at", "37.5,127.0", "--radius", "200m").status == 0)
        let refused = try tempo.run("run", "record", "--gpsd", "127.0.0.1:1")
        #expect(refused.status == 1 && refused.stderr.contains("nothing was recorded"), "\(refused.stderr)")
        #expect(try tempo.run("run", "list").stdout.contains("No runs"))

        let before = tempo.snapshot()
        let garbage = tempo.file("garbage.gpx")
        try Data("<html><body>not a track</body></html>".utf8).write(to: URL(fileURLWithPath: garbage))
        let watch = try tempo.run("places", "watch", "--replay", garbage)
        #expect(watch.status == 1 && watch.stderr.contains("not a GPX file"), "\(watch.stderr)")
        let summary = try tempo.run("run", "summary", garbage)
        #expect(summary.status == 1 && summary.stderr.contains("not a GPX file"), "\(summary.stderr)")
        #expect(tempo.snapshot() == before)

        // A SQLite file of another program, with or without a table named like Tempo's.
        for schema in ["CREATE TABLE timer (x)", "CREATE TABLE notes (body TEXT)"] {
            let foreign = tempo.file("foreign-\(schema.count).sqlite")
            try SQLiteShell.run(foreign, schema)
            let original = try Data(contentsOf: URL(fileURLWithPath: foreign))
            for arguments in [["timer", "list"], ["timer", "start", "5m"], ["focus", "status"]] {
                let result = try tempo.run(arguments + ["--db", foreign])
                #expect(result.status == 1 && result.stderr.contains("not a Tempo store"), "\(arguments): \(result.stderr)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == original)
            #expect(!FileManager.default.fileExists(atPath: foreign + "-wal"))
        }
        // An empty file is a new store.
        let empty = tempo.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(try tempo.run("timer", "list", "--db", empty).status == 0)
        #expect(try tempo.run("timer", "start", "5m", "--db", empty).status == 0)
    }

    /// 5. Twenty processes creating one new store at once: some failed with "table already exists"
    /// (and, midway through this fix, with "not a Tempo store"). Five rounds, each a new store.
    @Test(arguments: 1...5) func parallelFirstUseIsSafe(round: Int) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let processes = try (0..<20).map { index in
            try tempo.start(index.isMultiple(of: 2) ? ["timer", "start", "5m"] : ["focus", "add", "--start",
                "2026-11-\(10 + index / 2)T09:00Z", "--end", "2026-11-\(10 + index / 2)T10:00Z"])
        }
        for (process, out, err) in processes {
            _ = out.fileHandleForReading.readDataToEndOfFile()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(message)")
        }
        let list = try tempo.run("timer", "list", "--json")
        #expect((try list.json() as? [Any])?.count == 10)
        let report = try tempo.run(["focus", "report", "--from", "2026-11-01", "--to", "2026-11-30", "--json"],
                                   environment: ["TEMPO_NOW": "2026-11-30T00:00:00Z"])
        #expect((try report.json() as? [String: Any])?["total_s"] as? Double == 36_000, "\(report.stdout)")
    }

    /// 6. Every command rewrote the database header (GRDB's WAL set-up) and left side files.
    @Test func readingAndFailingCommandsLeaveTheFileByteIdentical() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        // A missing store is not created by a command that only reads, nor by one that fails.
        let garbage = tempo.file("garbage.json")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: garbage))
        let creating: [[String]] = [
            ["focus", "status"], ["timer", "list"], ["timer", "pause"], ["focus", "stop"], ["places", "remove", "x"],
            ["run", "delete", "ffff"], ["focus", "add", "--start", "2026-11-20 25:00", "--end", "2026-11-20 26:00"],
            ["run", "record", "--nmea", tempo.file("missing.nmea")], ["places", "watch", "--replay", garbage],
            ["places", "import", garbage], ["focus", "import", garbage], ["run", "import", garbage],
        ]
        for arguments in creating {
            _ = try tempo.run(arguments)
            #expect(tempo.snapshot().isEmpty, "\(arguments) created the store")
        }
        #expect(try tempo.run("focus", "add", "--start", "2026-11-20T09:00Z", "--end", "2026-11-20T10:00Z").status == 0)
        #expect(try tempo.run("timer", "start", "5m", "--label", "tea").status == 0)
        let before = tempo.snapshot()
        #expect(before.keys.sorted() == [""], "side files: \(before.keys.sorted())")
        let reading: [[String]] = [
            ["focus", "status"], ["focus", "status", "--json"], ["focus", "report"], ["focus", "calendar"],
            ["focus", "export"], ["timer", "list"], ["timer", "status", "tea"], ["run", "list"], ["places", "list"], ["badges"],
        ]
        let failing: [[String]] = [
            ["timer", "pause", "nosuchtimer"], ["focus", "config", "--goal", "xx"], ["focus", "stop"],
            ["places", "remove", "nowhere"], ["run", "show", "ffff"], ["focus", "import", tempo.directory.path],
        ]
        for arguments in reading + failing {
            _ = try tempo.run(arguments)
            #expect(tempo.snapshot() == before, "\(arguments) changed the store or left a side file")
        }
    }

    /// 7. Messages named the wrong thing ("Missing value", "NSCocoaErrorDomain error 256", …).
    @Test(arguments: [
        (["timer", "start", "-5s"], "'-5s' is negative", Int32(64)),
        (["places", "add", "x", "--at", "1,2", "--radius", "-5m"], "--radius '-5m' is negative", 64),
        (["focus", "pomodoro", "--rounds", "-1"], "--rounds '-1' is negative", 64),
        (["focus", "pomodoro", "--rounds", "0"], "rounds '0' is out of range", 64),
        (["run", "summary", "/dev/zero"], "is a device", 1),
        (["run", "summary", "/"], "is a directory", 1),
        (["focus", "import", "/"], "is a directory", 1),
        (["places", "import", "/"], "is a directory", 1),
        (["run", "summary", "/no/such/file.gpx"], "no such file", 1),
        (["places", "add", "", "--at", "1,2", "--radius", "5m"], "the name given is empty", 64),
        (["timer", "list", "--db", ""], "the database path is empty", 1),
        (["timer", "list", "--db", "/"], "is a directory", 1),
        (["focus", "report", "--from", "2026-13-01"], "'2026-13-01' is not a date", 64),
    ])
    func messagesNameTheValue(_ arguments: [String], _ expected: String, _ status: Int32) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let result = try tempo.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// 7. What the documentation shows is accepted, and a FIFO with no writer does not hang.
    @Test func documentedValuesWorkAndPipesDoNotHang() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "config", "--goal", "none").status == 0)
        #expect(try tempo.run("focus", "config", "--growth", "0,25m,1h,2h,4h").status == 0)
        let fifo = tempo.file("pipe.gpx")
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [["run", "summary", fifo], ["focus", "import", fifo], ["places", "import", fifo]] {
            let result = try tempo.run(arguments)
            #expect(result.status == 1 && result.stderr.contains("FIFO"), "\(arguments): \(result.stderr)")
        }
    }

    /// 7. 1,100 hostile values (negative, huge, NaN, hex, empty, escapes, impossible dates and
    /// times, out-of-range coordinates) across 22 options: every run ends with a status, and
    /// says what is wrong in one line (`Tests/Hostile/cli_sweep.py`).
    @Test func hostileOptionValuesNeverCrash() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Hostile/cli_sweep.py").path, TempoBinary.url.path, RunFixtures.directory.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
    }

    /// 8. Labels and tags with escapes, newlines or bidi marks were printed raw.
    @Test func userTextIsEscapedOnTheTerminalAndStoredAsGiven() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let label = "\u{1B}[31mred\nline\u{202E}evil"
        #expect(try tempo.run("timer", "start", "5m", "--label", label).status == 0)
        #expect(try tempo.run("focus", "start", label).status == 0)
        for arguments in [["timer", "list"], ["timer", "status"], ["focus", "status"], ["focus", "report", "--by", "tag"]] {
            let output = try tempo.run(arguments).stdout
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(arguments): \(output)")
            #expect(output.contains("\\u{1B}[31mred\\nline\\u{202E}evil"), "\(arguments): \(output)")
        }
        let json = try #require(try tempo.run("timer", "status", "--json").json() as? [String: Any])
        #expect(json["label"] as? String == label)
    }
}

/// Builds small SQLite files with Python's sqlite3 module (an independent writer).
enum SQLiteShell {
    static func run(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()", path, sql]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
