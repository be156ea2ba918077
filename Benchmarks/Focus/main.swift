// Focus benchmark (release):
//   swift build -c release --product tempo && swift build -c release --product focus-benchmark
//   .build/release/focus-benchmark [SESSIONS]
//
// Builds a 10-year ledger of about 70,000 sessions (Europe/Berlin, some crossing midnight and
// DST changes, one running now) in a temporary SQLite file, then measures:
//   1. the report over the whole history (per-day totals, weeks, months, tags, streak):
//      Tempo's one-sweep derivation, and side by side the naive per-session bucketing with
//      Foundation's Calendar (startOfDay / next day for every segment) and per-session
//      DayCalendar.split; the loading from SQLite is shown separately;
//   2. `tempo focus status` as a whole process (the release binary next to this one), median
//      of several runs, with `/bin/true` spawned the same way as the floor.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TempoKit
import TempoStore

let sessionCount = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 76_000  // about 70,000 after rest days
let clock = ContinuousClock()
let zone = "Europe/Berlin"

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func measure(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        try body()
        times.append(milliseconds(clock.now - start))
    }
    return median(times)
}

func format(_ value: Double) -> String { String(format: "%8.2f", value) }

// MARK: The ledgers

let now = Date()
let spanSeconds = 10 * 365.25 * 86_400
let first = now.addingTimeInterval(-spanSeconds)
let settings = FocusSettings(timeZoneIdentifier: zone, dayStart: try DayTime(parsing: "04:00"), goal: .seconds(3600))

/// ~`sessionCount` sessions in equal slots from 10 years ago to now (half of them paused once),
/// skipping whole days with probability `restDays` except in the last `unbrokenDays` days (so
/// the current streak is at least that long); plus one session running for 5 minutes.
func makeLedger(restDays: Double, unbrokenDays: Double = 0) throws -> FocusLedger {
    var generator = SystemRandomNumberGenerator()
    let slot = spanSeconds / Double(sessionCount)
    let tags = ["math", "thesis", "reading", "code", nil]
    var sessions: [FocusSession] = []
    sessions.reserveCapacity(sessionCount)
    var restDay = -1
    for index in 0..<(sessionCount - 1) {
        let slotStart = first.addingTimeInterval(Double(index) * slot)
        let day = Int(slotStart.timeIntervalSince1970 / 86_400)
        let unbroken = slotStart > now.addingTimeInterval(-unbrokenDays * 86_400)
        if day != restDay, !unbroken, Double.random(in: 0..<1, using: &generator) < restDays / (86_400 / slot) { restDay = day }
        if day == restDay { continue }
        let start = slotStart.addingTimeInterval(Double.random(in: 0...(slot * 0.3), using: &generator))
        let length = Double.random(in: 300...(slot * 0.6), using: &generator)
        guard start.addingTimeInterval(length + 60) < now.addingTimeInterval(-600) else { break }
        var segments = [Stopwatch.Segment(start: start, end: start.addingTimeInterval(length))]
        if Bool.random(using: &generator) {
            let pause = start.addingTimeInterval(length / 2)
            segments = [Stopwatch.Segment(start: start, end: pause),
                        Stopwatch.Segment(start: pause.addingTimeInterval(60), end: start.addingTimeInterval(length + 60))]
        }
        let stopwatch = try Stopwatch(segments: segments, stoppedAt: segments.last?.end)
        sessions.append(FocusSession(tag: tags.randomElement(using: &generator) ?? nil, stopwatch: stopwatch))
    }
    var ledger = FocusLedger(sessions: sessions)
    ledger.start(tags: ["math"], at: now.addingTimeInterval(-300))
    return ledger
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("focus-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
// FOCUS_BENCH_KEEP=1 keeps the databases (to profile `tempo` on them).
defer { if ProcessInfo.processInfo.environment["FOCUS_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(at: directory) } }

/// Writes `ledger` and the settings to a new SQLite file through the store's own API.
func write(_ ledger: FocusLedger, name: String) throws -> (AppDatabase, String, Double) {
    let path = directory.appendingPathComponent(name).path
    let database = try AppDatabase.open(path: path)
    let start = clock.now
    _ = try database.importFocusSessions(ledger.sessions.filter { !$0.isActive }, now: now)
    try database.changeFocus("start") { $0.start(tags: ["math"], at: now.addingTimeInterval(-300)) }
    try database.updateFocusSettings(defaultTimeZone: zone) { $0 = settings }
    return (database, path, milliseconds(clock.now - start))
}

// Typical: a rest day now and then (15 % of days), none in the last 176 days: the current
// streak is about half a year (the case measured in issue 4), older ones days or weeks long.
let ledger = try makeLedger(restDays: 0.15, unbrokenDays: 176)
let (database, path, buildMilliseconds) = try write(ledger, name: "typical.sqlite")
// Worst case for status: focus every day for 10 years, a streak as long as the history.
let (_, streakPath, _) = try write(try makeLedger(restDays: 0), name: "ten-year-streak.sqlite")
let segmentCount = ledger.sessions.reduce(0) { $0 + $1.stopwatch.segments.count }

print("Focus benchmark: \(ledger.sessions.count) sessions (\(segmentCount) segments) over 10 years, \(zone), day start 04:00, goal 1 h")
print("SQLite file written in \(String(format: "%.0f", buildMilliseconds)) ms through the import (one transaction)")
print("")

// MARK: 1. The report

var tempoReport: FocusReport?
let tempoMilliseconds = try measure(runs: 15) { tempoReport = try ledger.report(settings: settings, now: now) }

/// The reference: what an app typically writes — for each segment, Calendar.startOfDay and
/// "next day" to split it, totals in a dictionary keyed by day.
@MainActor func naiveCalendarTotals() -> [Date: Double] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
    let offset = TimeInterval(settings.dayStart.secondsAfterMidnight)
    var totals: [Date: Double] = [:]
    for session in ledger.sessions {
        for interval in session.intervals(at: now) {
            var start = interval.start
            while start < interval.end {
                // Day start 04:00: shift back, take the calendar day, shift forward.
                let dayStart = calendar.startOfDay(for: start.addingTimeInterval(-offset))
                let logical = dayStart.addingTimeInterval(offset)
                let next = calendar.date(byAdding: .day, value: 1, to: logical) ?? logical.addingTimeInterval(86_400)
                guard next > start else { break }  // the naive rule has no answer near some DST changes
                let end = min(next, interval.end)
                totals[dayStart, default: 0] += end.timeIntervalSince(start)
                start = end
            }
        }
    }
    return totals
}
var naiveTotals: [Date: Double] = [:]
let naiveMilliseconds = measure(runs: 3) { naiveTotals = naiveCalendarTotals() }

/// A second reference: per-session DayCalendar.split (day(containing:) per segment).
@MainActor func perSessionSplitTotals() throws -> [LocalDate: Double] {
    let calendar = try settings.calendar()
    var totals: [LocalDate: Double] = [:]
    for session in ledger.sessions {
        for interval in session.intervals(at: now) {
            for part in calendar.split(from: interval.start, to: interval.end) { totals[part.day, default: 0] += part.end.timeIntervalSince(part.start) }
        }
    }
    return totals
}
var splitTotals: [LocalDate: Double] = [:]
let splitMilliseconds = try measure(runs: 3) { splitTotals = try perSessionSplitTotals() }

var loaded = FocusLedger()
let loadMilliseconds = try measure(runs: 5) { loaded = try database.focusLedger() }
let endToEndMilliseconds = try measure(runs: 5) {
    _ = try database.focusLedger().report(settings: settings, now: now)
}

let report = tempoReport
let total = report?.totalSeconds ?? 0
let naiveTotal = naiveTotals.values.reduce(0, +), splitTotal = splitTotals.values.reduce(0, +)
let largestDayDifference = report?.days.map { abs((splitTotals[$0.date] ?? 0) - $0.totalSeconds) }.max() ?? .nan
print("1. Report over \(report?.days.count ?? 0) days (target < 50 ms)")
print("   Tempo one-sweep report (days, weeks, months, tags, streak) \(format(tempoMilliseconds)) ms")
print("   reference: naive per-segment Foundation Calendar bucketing  \(format(naiveMilliseconds)) ms")
print("   reference: per-segment DayCalendar.split                     \(format(splitMilliseconds)) ms")
print("   loading the whole ledger from SQLite (\(loaded.sessions.count) sessions)   \(format(loadMilliseconds)) ms")
print("   loading + report                                             \(format(endToEndMilliseconds)) ms")
print("   totals agree: Tempo \(Int(total)) s, Calendar \(Int(naiveTotal)) s, split \(Int(splitTotal)) s; largest per-day difference from split \(String(format: "%.1e", largestDayDifference)) s")
print("   streak \(report?.streakDays ?? 0) days, today \(ClockText.format(seconds: report?.todaySeconds ?? 0))")
print("")

// MARK: 2. `tempo focus status` as a process

/// Spawns `executable` with posix_spawn (stdout and stderr to /dev/null), waits for it, and
/// returns the wall time in milliseconds; throws unless it exits 0.
func spawnMilliseconds(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Double {
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let start = clock.now
    guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
        throw NSError(domain: "focus-benchmark: cannot spawn \(executable)", code: 1)
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let elapsed = milliseconds(clock.now - start)
    guard status == 0 else { throw NSError(domain: "focus-benchmark: \(executable) failed", code: Int(status)) }
    return elapsed
}

let tempo = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tempo").path
if FileManager.default.isExecutableFile(atPath: tempo) {
    var environment = ProcessInfo.processInfo.environment
    environment["TEMPO_DB"] = path
    _ = try spawnMilliseconds(tempo, ["focus", "status"], environment: environment)  // warm the page cache
    var statusTimes: [Double] = [], trueTimes: [Double] = []
    for _ in 0..<21 {
        statusTimes.append(try spawnMilliseconds(tempo, ["focus", "status", "--json"], environment: environment))
        trueTimes.append(try spawnMilliseconds("/bin/true", [], environment: environment))
    }
    var streakEnvironment = environment
    streakEnvironment["TEMPO_DB"] = streakPath
    var streakTimes: [Double] = []
    for _ in 0..<21 { streakTimes.append(try spawnMilliseconds(tempo, ["focus", "status", "--json"], environment: streakEnvironment)) }
    print("2. `tempo focus status --json` as a whole process, median of 21 (target < 30 ms)")
    print("   tempo focus status, typical ledger (streak \(report?.streakDays ?? 0) days)        \(format(median(statusTimes))) ms")
    print("   tempo focus status, 10-year unbroken streak (worst case)     \(format(median(streakTimes))) ms")
    print("   reference floor: /bin/true spawned the same way (posix_spawn) \(format(median(trueTimes))) ms")
    print("   (\(tempo))")
} else {
    print("2. skipped: build the release binary first (swift build -c release --product tempo); looked for \(tempo)")
}
