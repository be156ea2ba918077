import Foundation
import Testing

/// Issue 16: the front (`tempo-front`, installed as `tempo`) answers `--help`, `focus status` and
/// `timer list` itself, and its answers are the full tool's, byte for byte; every other line it
/// hands to the full tool, whose output, errors and exit status come through unchanged.
///
/// The truth is the full tool (the store read through GRDB and TempoStore, tested on its own
/// against Timewarrior and Python's zoneinfo). `TEMPO_QUICK_ONLY=1` makes the front exit 3
/// instead of passing a line on, so every comparison here also proves which path answered.
@Suite(.timeLimit(.minutes(5)))
struct QuickPathTests {
    static let quickOnly = ["TEMPO_QUICK_ONLY": "1"]

    /// Runs `arguments` with the full tool and with the front (quick path only); both results.
    static func both(
        _ tempo: TempoBinary, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (full: TempoBinary.Result, quick: TempoBinary.Result) {
        let full = try tempo.run(arguments, environment: environment)
        let quick = try tempo.run(arguments, environment: environment.merging(quickOnly) { _, new in new }, program: TempoBinary.front)
        return (full, quick)
    }

    @Test func helpIsTheFullToolsAtEveryWidthItServes() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for columns in ["", "80", "132", "300"] {
            for line in [["--help"], ["-h"], ["help"]] {
                let (full, quick) = try Self.both(tempo, line, environment: ["COLUMNS": columns])
                #expect(quick.status == 0, "\(line) COLUMNS=\(columns): \(quick.stderr)")
                #expect(quick.stdout == full.stdout, "\(line) COLUMNS=\(columns)")
            }
        }
        // Narrower, the full tool wraps its lines: the front passes the line on, and the full
        // tool answers through it.
        let narrow = ["COLUMNS": "60"]
        #expect(try tempo.run(["--help"], environment: narrow.merging(Self.quickOnly) { _, new in new }, program: TempoBinary.front).status == 3)
        let passed = try tempo.run(["--help"], environment: narrow, program: TempoBinary.front)
        #expect(passed.stdout == (try tempo.run(["--help"], environment: narrow)).stdout)
        #expect(!FileManager.default.fileExists(atPath: tempo.database))
    }

    @Test func timerListWithoutTimersIsTheFullTools() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for line in [["timer", "list"], ["timer", "list", "--json"], ["--json", "timer", "--db", tempo.database, "list"]] {
            let (full, quick) = try Self.both(tempo, line)
            #expect(quick.status == 0 && full.status == 0, "\(line): \(quick.stderr)")
            #expect(quick.stdout == full.stdout, "\(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: tempo.database), "no store is made by reading")
        // A store holding no timer (made by a focus command) reads the same.
        try tempo.run(["focus", "add", "--start", "2026-11-24T08:00:00Z", "--duration", "25m"], environment: ["TEMPO_NOW": "2026-11-24T10:00:00Z"])
        let before = tempo.snapshot()
        let (full, quick) = try Self.both(tempo, ["timer", "list"])
        #expect(quick.status == 0 && quick.stdout == full.stdout, "\(quick.stderr)")
        #expect(tempo.snapshot() == before)
        // A clock the full tool refuses is refused here too: the front hands the line on.
        for badNow in ["yesterday", "10000-01-01T00:00:00Z"] {
            let environment = ["TEMPO_NOW": badNow]
            let quickOnly = try tempo.run(["timer", "list"], environment: environment.merging(Self.quickOnly) { _, new in new },
                                          program: TempoBinary.front)
            #expect(quickOnly.status == 3, "\(badNow)")
            let full = try tempo.run(["timer", "list"], environment: environment)
            let front = try tempo.run(["timer", "list"], environment: environment, program: TempoBinary.front)
            #expect(full.status != 0 && front.status == full.status && front.stderr == full.stderr, "\(badNow)")
        }
    }

    /// Random ledgers (seeded): a zone with DST changes or a half-hour offset, a day start, a goal
    /// or none, up to 80 sessions over 40 days (some across midnight, tags with spaces and
    /// non-ASCII letters), and a running or paused session or none; each read at several
    /// instants, as JSON and as text.
    @Test(arguments: 0..<8)
    func focusStatusIsTheFullToolsOnRandomLedgers(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x5EED_0000 + seed)
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]
        let now = Date(timeIntervalSince1970: 1_774_000_000 + Double(random.next(below: 40_000_000)))
        let at = { (date: Date) in ["TEMPO_NOW": date.formatted(.iso8601)] }
        var config = ["focus", "config", "--tz", zones[random.next(below: zones.count)],
                      "--day-start", ["00:00", "04:00", "23:30"][random.next(below: 3)]]
        config += ["--goal", ["none", "30m", "2h"][random.next(below: 3)]]
        #expect(try tempo.run(config, environment: at(now)).status == 0)

        let tags = ["math", "deep work", "Übung", "a,b", "say \"hi\"", "back\\slash", "tab\there", "x/y"]
        var records: [[String: Any]] = []
        // Backwards from an hour before now, so today and the days of a streak hold sessions.
        var end = now.addingTimeInterval(-3_600 - Double(random.next(below: 7_200)))
        for index in 0..<random.next(below: 80) {
            let start = end.addingTimeInterval(-Double(300 + random.next(below: 10_800)))
            var record: [String: Any] = ["id": index + 1, "start": Self.timew(start), "end": Self.timew(end)]
            if random.next(below: 5) != 0 { record["tags"] = [tags[random.next(below: tags.count)]] }
            records.append(record)
            end = start.addingTimeInterval(-Double(600 + random.next(below: 30_000)))
        }
        if !records.isEmpty {
            let file = tempo.file("timew.json")
            try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: file))
            let imported = try tempo.run(["focus", "import", file], environment: at(now))
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        switch random.next(below: 3) {
        case 0:
            try tempo.run(["focus", "start", "live", "né\u{7}"], environment: at(now.addingTimeInterval(-1_500)))
        case 1:
            try tempo.run(["focus", "start", "live"], environment: at(now.addingTimeInterval(-1_500)))
            try tempo.run(["focus", "pause"], environment: at(now.addingTimeInterval(-600)))
        default: break
        }
        let before = tempo.snapshot()
        for later in [0.0, 1.0, 7_200, 86_400 * 1.5] {
            for line in [["focus", "status", "--json"], ["focus", "status"]] {
                let (full, quick) = try Self.both(tempo, line, environment: at(now.addingTimeInterval(later)))
                #expect(quick.status == 0, "seed \(seed) \(line) +\(later)s: \(quick.stderr)")
                #expect(quick.stdout == full.stdout, "seed \(seed) \(line) +\(later)s")
            }
        }
        #expect(tempo.snapshot() == before, "reading changed the store")
    }

    /// Random timer lists (seeded): up to 12 timers started over two days around an offset
    /// change of the system zone (`TZ`), some at the same instant, some paused, resumed,
    /// cancelled or run out, labelled or not (labels with control characters, quotes and
    /// non-ASCII letters); each list read at several instants, as JSON and as text.
    @Test(arguments: 0..<6)
    func timerListIsTheFullToolsOnRandomTimers(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x7133_0000 + seed)
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]
        let zone = zones[Int(seed) % zones.count]
        // A day before the zone's first offset change after a random instant of 2026–2028.
        let from = Date(timeIntervalSince1970: 1_767_225_600 + Double(random.next(below: 60_000_000)))
        let change = TimeZone(identifier: zone)?.nextDaylightSavingTimeTransition(after: from) ?? from
        var now = change.addingTimeInterval(-86_400 + Double(random.next(below: 7_200)))
        func at(_ date: Date) -> [String: String] { ["TEMPO_NOW": date.formatted(.iso8601), "TZ": zone] }
        let labels = ["tea", "deep work", "Übung", "say \"hi\"", "tab\there", "bell\u{7}", "back\\slash"]
        for _ in 0..<random.next(below: 13) {
            var start = ["timer", "start", ["90s", "25m", "2h", "20h"][random.next(below: 4)], "--json"]
            if random.next(below: 4) != 0 { start += ["--label", labels[random.next(below: labels.count)]] }
            let started = try tempo.run(start, environment: at(now))
            let id = try #require(try started.json() as? [String: Any])["id"] as? String ?? ""
            var later = now
            for action in ["pause", "resume", "cancel"] where random.next(below: 2) == 0 {
                later = later.addingTimeInterval(Double(random.next(below: 3_600)))
                try tempo.run(["timer", action, id], environment: at(later))  // refused once it ran out: fine
            }
            // Sometimes the next timer starts at the same instant, and the list orders them by id.
            now = now.addingTimeInterval(random.next(below: 4) == 0 ? 0 : Double(random.next(below: 14_400)))
        }
        let before = tempo.snapshot()
        for later in [0.0, 1.0, 5_400, 86_400 * 1.5] {
            for line in [["timer", "list", "--json"], ["timer", "list"]] {
                let (full, quick) = try Self.both(tempo, line, environment: at(now.addingTimeInterval(later)))
                #expect(full.status == 0 && quick.status == 0, "seed \(seed) \(line) +\(later)s: \(quick.stderr)")
                #expect(quick.stdout == full.stdout, "seed \(seed) \(line) +\(later)s")
            }
        }
        #expect(tempo.snapshot() == before, "reading changed the store")
    }

    /// A front without its full tool says so in one line and exits 70, whether the line is passed
    /// on before `main` (`--version` cannot be quick) or after the front looked at it (an option
    /// `focus status` does not read); a line it answers itself still needs no full tool.
    @Test func aFrontWithoutItsFullToolSaysSo() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let lonely = tempo.directory.appendingPathComponent("alone/tempo")
        try FileManager.default.createDirectory(at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TempoBinary.front, to: lonely)
        for line in [["--version"], ["focus", "status", "--units", "imperial"]] {
            let result = try tempo.run(line, program: lonely)
            #expect(result.status == 70, "\(line)")
            #expect(result.stdout.isEmpty, "\(line)")
            #expect(result.stderr == "tempo: the full tool is missing (looked for ../libexec/tempo/tempo and ./tempo beside \(lonely.path))\n", "\(line)")
        }
        #expect(try tempo.run(["timer", "list"], program: lonely).status == 0)
    }

    /// What the front does not read itself goes to the full tool, with its output, its errors
    /// and its exit status.
    @Test func passesOnWhatItDoesNotAnswer() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let now = ["TEMPO_NOW": "2026-11-24T10:00:00Z"]
        try tempo.run(["timer", "start", "5m", "--label", "tea"], environment: now)
        let passedOn: [[String]] = [
            ["focus", "status", "--units", "imperial"],  // an option it does not read
            ["focus", "status", "--json", "--json"],
            ["timer", "start", "nonsense"],  // a usage error (exit 64)
            ["focus", "status", "--db", ""],
            ["--version"],
        ]
        for line in passedOn {
            #expect(try tempo.run(line, environment: now.merging(Self.quickOnly) { _, new in new }, program: TempoBinary.front).status == 3, "\(line)")
            let full = try tempo.run(line, environment: now)
            let front = try tempo.run(line, environment: now, program: TempoBinary.front)
            #expect(front.status == full.status && front.stdout == full.stdout && front.stderr == full.stderr, "\(line)")
        }
        // A config file (zone, day start, goal) and a pomodoro cycle (moved up to now first, a
        // write) are the full tool's too.
        // The cycle is stored by its first command, whose watcher is then stopped.
        let (watcher, out, _) = try tempo.start(["focus", "pomodoro", "--work", "25m"], environment: now)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !(try tempo.run(["focus", "pomodoro", "--status", "--json"], environment: now).stdout.contains("\"active\" : true")) {
            usleep(50_000)
        }
        watcher.terminate()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        watcher.waitUntilExit()
        #expect(try tempo.run(["focus", "status"], environment: now.merging(Self.quickOnly) { _, new in new }, program: TempoBinary.front).status == 3)
        try tempo.run(["focus", "pomodoro", "--stop"], environment: now)
        try tempo.writeConfig("goal = \"3h\"\n")
        #expect(try tempo.run(["focus", "status"], environment: now.merging(Self.quickOnly) { _, new in new }, program: TempoBinary.front).status == 3)
        let full = try tempo.run(["focus", "status", "--json"], environment: now)
        let front = try tempo.run(["focus", "status", "--json"], environment: now, program: TempoBinary.front)
        #expect(front.status == 0 && front.stdout == full.stdout)
    }

    /// `20261124T080000Z`, as `timew export` writes instants.
    static func timew(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        return formatter.string(from: date)
    }
}

/// A seeded generator (SplitMix64), so a failing ledger can be made again from its seed.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
