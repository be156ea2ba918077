// Runs benchmark (release): `swift build -c release --product runs-benchmark && .build/release/runs-benchmark [N]`.
//
// Issue 3's figures side by side, each printed with its target, in one run:
// 1. In memory, over the real fixtures scaled up to N fixes (default 1,000,000; each copy of a
//    track is its own segment, shifted in time): the whole pipeline (FixFilter + RunRecorder +
//    RunSummary: splits, best efforts, elevation), the recorder alone, Geodesic.distance alone,
//    and a naive haversine sum as a floor.
// 2. GPX parse + full summary of an N-point GPX file (generated once into the temporary
//    directory), streamed as `tempo run summary` does, in a child process for its own peak
//    memory (getrusage ru_maxrss); and PyPI gpxpy parsing the same file in the same run as the
//    reference (installed with pip when missing, otherwise reported as not measured).
// 3. FIT reading, records per second.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TempoFormats
import TempoKit

let clock = ContinuousClock()

// Child mode: `runs-benchmark --parse FILE` reads and summarises one file in a fresh process, so
// its peak memory is its own; prints "points seconds peakMB distance". It calls what
// `tempo run summary` calls (`ActivityFile.summary(of:)`: the file streamed into the recorder; GPX
// has no laps and names its sport before the track, so one pass).
// `--read-only FILE`: the same read without any analysis, to tell parsing from the rest.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--read-only" {
    let start = clock.now
    var points = 0
    try? ActivityFile.stream(URL(fileURLWithPath: CommandLine.arguments[2])) { element in
        if case .fix = element { points += 1 }
    }
    print(points, seconds(start.duration(to: clock.now)), peakMegabytes(), 0)
    exit(0)
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--parse" {
    let start = clock.now
    guard let summary = try? ActivityFile.summary(of: URL(fileURLWithPath: CommandLine.arguments[2])) else { exit(1) }
    let elapsed = seconds(start.duration(to: clock.now))
    print(summary.points, elapsed, peakMegabytes(), summary.distanceMeters)
    exit(0)
}

let target = CommandLine.arguments.dropFirst().last.flatMap(Int.init) ?? 1_000_000

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Peak resident memory of this process so far, in MB: VmHWM from /proc/self/status (the
/// high-water mark of this program's own address space). getrusage's ru_maxrss is not used for the
/// children: Linux carries the spawning parent's peak across posix_spawn/exec into it.
func peakMegabytes() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
        return kilobytes / 1024
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/runs")
let names = ["fenix2-run.fit", "forerunner110-run.fit", "run-3laps.tcx", "hike-4tracks.gpx", "hike-8tracks.gpx"]
var tracks: [[LocationFix]] = []
for name in names {
    guard let activity = try? ActivityFile.read(fixtures.appendingPathComponent(name)) else {
        print("cannot read \(name)")
        exit(1)
    }
    tracks += activity.segments.filter { $0.count > 1 && $0.allSatisfy { $0.time != nil } }
}

// Scale up: copies of the tracks one after another, each copy shifted to start after the last.
var segments: [[LocationFix]] = []
var total = 0
var offset = 0.0
while total < target {
    for track in tracks where total < target {
        guard let first = track.first?.time, let last = track.last?.time else { continue }
        let shift = offset - first.timeIntervalSince1970 + 1_600_000_000
        let copy = track.prefix(target - total).map { fix -> LocationFix in
            var moved = fix
            moved.time = fix.time.map { $0.addingTimeInterval(shift) }
            return moved
        }
        segments.append(Array(copy))
        total += copy.count
        offset += last.timeIntervalSince(first) + 60
    }
}
// `--profile N`: only the in-memory pipeline, ten times (for `perf record`, or to compare two
// builds: it prints the best time), then exit.
if CommandLine.arguments.dropFirst().first == "--profile" {
    var best = Double.infinity
    for _ in 0..<10 {
        let start = clock.now
        _ = RunAnalysis.summarize(segments: segments)
        best = min(best, seconds(start.duration(to: clock.now)))
    }
    print(String(format: "recorder + summary, best of 10: %.3f µs/fix", best / Double(total) * 1e6))
    exit(0)
}
print("Runs benchmark: \(total) fixes in \(segments.count) segments (fixtures: \(names.joined(separator: ", ")))")
print("")

func haversineMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
    let r = 6_371_000.0, rad = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * r * asin(min(1, h.squareRoot()))
}

var results: [(name: String, seconds: Double, check: Double)] = []
for _ in 0..<3 {
    // Tempo: the whole pipeline, as `tempo run summary` runs it.
    var start = clock.now
    let summary = RunAnalysis.summarize(segments: segments)
    let full = seconds(start.duration(to: clock.now))

    // Tempo: recorder alone (filter + geodesics + stop detector).
    start = clock.now
    let recorder = RunAnalysis.record(segments: segments)
    let recorderOnly = seconds(start.duration(to: clock.now))

    // Naive reference: haversine over consecutive fixes, nothing else.
    start = clock.now
    var naive = 0.0
    for segment in segments {
        for index in segment.indices.dropFirst() {
            naive += haversineMeters(segment[index - 1].coordinate, segment[index].coordinate)
        }
    }
    let reference = seconds(start.duration(to: clock.now))
    // Geodesic.distance alone (short-line fast path, Karney beyond) over the same consecutive pairs.
    start = clock.now
    var geodesic = 0.0
    for segment in segments {
        for index in segment.indices.dropFirst() {
            geodesic += Geodesic.distance(segment[index - 1].coordinate, segment[index].coordinate)
        }
    }
    let geodesicOnly = seconds(start.duration(to: clock.now))
    // GeodesicWalk: the same steps with each point's latitude terms carried to the next step.
    start = clock.now
    var walked = 0.0
    for segment in segments {
        var walk = GeodesicWalk()
        for fix in segment { walked += walk.step(to: fix.coordinate) ?? 0 }
    }
    let walkOnly = seconds(start.duration(to: clock.now))
    results += [("tempo recorder + summary", full, summary.distanceMeters),
                ("Geodesic.distance sum only", geodesicOnly, geodesic),
                ("GeodesicWalk sum only", walkOnly, walked),
                ("tempo recorder only", recorderOnly, recorder.distanceMeters),
                ("naive haversine sum (reference)", reference, naive)]
}

// Best of three runs for each.
for name in ["tempo recorder + summary", "tempo recorder only", "Geodesic.distance sum only", "GeodesicWalk sum only",
             "naive haversine sum (reference)"] {
    let runs = results.filter { $0.name == name }
    guard let best = runs.min(by: { $0.seconds < $1.seconds }) else { continue }
    let rate = Double(total) / best.seconds
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    let microseconds = best.seconds / Double(total) * 1e6
    let verdict = name == "tempo recorder + summary" ? (microseconds <= 0.5 ? "  target <= 0.5 µs/fix: met" : "  target <= 0.5 µs/fix: NOT met") : ""
    print(padded + String(format: "%12.0f fixes/s  %8.3f µs/fix  (distance %.1f km)",
                          rate, microseconds, best.check / 1000) + verdict)
}
print(String(format: "peak resident memory: %.0f MB", peakMegabytes()))

// MARK: GPX parse + full summary, and FIT reading (each in a child process for its peak memory)

func runChild(_ file: URL, mode: String = "--parse") -> (points: Int, seconds: Double, peakMB: Double)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [mode, file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard fields.count >= 3 else { return nil }
    return (Int(fields[0]), fields[1], fields[2])
}

print("")
// The 1,000,000-point (N-point) GPX file: generated from the scaled-up fixtures once, kept in the
// temporary directory for later runs.
let gpxURL = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-runs-benchmark-\(total).gpx")
if !FileManager.default.fileExists(atPath: gpxURL.path) {
    do {
        try GPXWriter.write(Activity(segments: segments, name: "benchmark"), to: gpxURL)
    } catch {
        print("cannot write \(gpxURL.path): \(error)")
        exit(1)
    }
}
segments = []  // the parent's copy is not needed any more
let gpxBytes = (try? FileManager.default.attributesOfItem(atPath: gpxURL.path)[.size] as? Int) ?? 0
print("GPX parse + full summary on \(gpxURL.path) (\(total) points, \(gpxBytes / 1_000_000) MB), each in a fresh process:")
// Best of five: other processes on a shared machine only ever make a run slower.
if let best = (0..<5).compactMap({ _ in runChild(gpxURL) }).min(by: { $0.seconds < $1.seconds }) {
    let rate = Double(best.points) / best.seconds
    print(String(format: "  tempo GPX stream + summary         %12.0f points/s  (target >= 2,000,000: %@)",
                 rate, rate >= 2_000_000 ? "met" : "NOT met"))
    print(String(format: "                                     peak %5.0f MB         (target <= 150 MB: %@)",
                 best.peakMB, best.peakMB <= 150 ? "met" : "NOT met"))
} else {
    print("  tempo GPX stream + summary failed")
}
if let read = (0..<3).compactMap({ _ in runChild(gpxURL, mode: "--read-only") }).min(by: { $0.seconds < $1.seconds }) {
    print(String(format: "  of which GPX parsing alone         %12.0f points/s  peak %5.0f MB   (TempoFormats reader, no analysis)",
                 Double(read.points) / read.seconds, read.peakMB))
}

/// gpxpy (PyPI) parse + length_2d on the same file, in the same run; installed with pip if missing.
func gpxpyReference(_ file: URL) -> (points: Double, seconds: Double, peakMB: Double)? {
    func python(_ arguments: [String], output: Pipe?) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        if let output {
            let text = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            lastPythonOutput = String(decoding: text, as: UTF8.self)
        } else {
            process.waitUntilExit()
        }
        return process.terminationStatus
    }
    if python(["-c", "import gpxpy"], output: nil) != 0 {
        print("  (gpxpy missing: python3 -m pip install --quiet gpxpy)")
        _ = python(["-m", "pip", "install", "--quiet", "gpxpy"], output: nil)
    }
    let script = """
    import sys, time
    import gpxpy
    start = time.perf_counter()
    with open(sys.argv[1]) as f:
        gpx = gpxpy.parse(f)
    n = gpx.get_points_no()
    length = gpx.length_2d()
    elapsed = time.perf_counter() - start
    hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0].split()[1]
    print(n, elapsed, int(hwm) / 1024)
    """
    guard python(["-c", script, file.path], output: Pipe()) == 0 else { return nil }
    let fields = lastPythonOutput.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard fields.count == 3 else { return nil }
    return (fields[0], fields[1], fields[2])
}
nonisolated(unsafe) var lastPythonOutput = ""
if let reference = gpxpyReference(gpxURL) {
    print(String(format: "  gpxpy parse + length_2d (reference)%12.0f points/s  peak %5.0f MB   (same file, same run)",
                 reference.points / reference.seconds, reference.peakMB))
} else {
    print("  gpxpy reference NOT measured (python3 or gpxpy unavailable)")
}

// FIT: the fenix 2 file read from disk again and again.
let fitURL = fixtures.appendingPathComponent("fenix2-run.fit")
var fitRecords = 0
let fitStart = clock.now
while seconds(fitStart.duration(to: clock.now)) < 3 {
    try? ActivityFile.stream(fitURL) { element in
        if case .fix = element { fitRecords += 1 }
    }
}
let fitSeconds = seconds(fitStart.duration(to: clock.now))
let fitRate = Double(fitRecords) / fitSeconds
print("")
print(String(format: "tempo FIT read (fenix2-run.fit, repeated) %8.0f records/s  (target >= 5,000,000: %@)",
             fitRate, fitRate >= 5_000_000 ? "met" : "NOT met"))

// MARK: Accuracy on simulated tracks, Tempo and gpxpy against the truth (Benchmarks/Runs/accuracy.py)

/// The accuracy table printed by `accuracy.py` for the release `tempo` built next to this benchmark.
func printAccuracyTable() {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let tempo = directory.appendingPathComponent("tempo")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("accuracy.py")
    print("")
    guard FileManager.default.isExecutableFile(atPath: tempo.path) else {
        print("accuracy table NOT measured: build the release tempo first (swift build -c release)")
        return
    }
    print("Accuracy on simulated tracks (Tests/Simulator, seeds 1-3; mean signed error vs the GeographicLib truth):")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--tempo", tempo.path, "--seeds", "1,2,3"]
    // The script writes to this process's standard output: what was printed so far goes first (a
    // pipe, as in a CI log, would hold it until this process exits). `nil` flushes every stream:
    // Swift 6 refuses to name `stdout`, shared mutable state.
    fflush(nil)
    guard (try? process.run()) != nil else {
        print("  accuracy table NOT measured (python3 unavailable)")
        return
    }
    process.waitUntilExit()
}
printAccuracyTable()
