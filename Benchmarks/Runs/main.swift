// Runs benchmark (release): `swift build -c release --product runs-benchmark && .build/release/runs-benchmark [N]`.
//
// Analysis throughput of Tempo's run pipeline — FixFilter + RunRecorder (Karney geodesics, stop
// detector) + RunSummary (splits, best efforts, elevation) — over the real fixtures scaled up to
// N fixes (default 1,000,000; each copy of a track is its own segment, shifted in time), and,
// measured side by side in the same run on the same fixes, a naive reference: a haversine sum
// over consecutive fixes with no filtering, no stop detection and no summary (what the seed
// apps and most tools do). Also the recorder alone, in nanoseconds per fix.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TempoFormats
import TempoKit

let clock = ContinuousClock()

// Child mode: `runs-benchmark --parse FILE` reads and summarises one file in a fresh process, so
// its peak memory is its own; prints "points seconds peakMB".
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--parse" {
    let url = URL(fileURLWithPath: CommandLine.arguments[2])
    let start = clock.now
    guard let activity = try? ActivityFile.read(url) else { exit(1) }
    let summary = RunAnalysis.summarize(segments: activity.segments, lapStarts: activity.laps.dropFirst().compactMap(\.startTime))
    let elapsed = seconds(start.duration(to: clock.now))
    print(activity.pointCount, elapsed, peakMegabytes(), summary.distanceMeters)
    exit(0)
}

let target = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Peak resident memory of this process so far (getrusage, kilobytes on Linux), in MB.
func peakMegabytes() -> Double {
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
print("Runs benchmark: \(total) fixes in \(segments.count) segments (fixtures: \(names.joined(separator: ", ")))")
print("target: recorder <= 1 µs per fix")
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
    // Karney geodesic alone over the same consecutive pairs.
    start = clock.now
    var geodesic = 0.0
    for segment in segments {
        for index in segment.indices.dropFirst() {
            geodesic += Geodesic.distance(segment[index - 1].coordinate, segment[index].coordinate)
        }
    }
    let geodesicOnly = seconds(start.duration(to: clock.now))
    results += [("tempo recorder + summary", full, summary.distanceMeters),
                ("Karney geodesic sum only", geodesicOnly, geodesic),
                ("tempo recorder only", recorderOnly, recorder.distanceMeters),
                ("naive haversine sum (reference)", reference, naive)]
}

// Best of three runs for each.
for name in ["tempo recorder + summary", "tempo recorder only", "Karney geodesic sum only", "naive haversine sum (reference)"] {
    let runs = results.filter { $0.name == name }
    guard let best = runs.min(by: { $0.seconds < $1.seconds }) else { continue }
    let rate = Double(total) / best.seconds
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(padded + String(format: "%12.0f fixes/s  %8.1f ns/fix  (distance %.1f km)",
                          rate, best.seconds / Double(total) * 1e9, best.check / 1000))
}
print(String(format: "peak resident memory: %.0f MB", peakMegabytes()))

// MARK: GPX parse + full summary, and FIT reading (each in a child process for its peak memory)

func runChild(_ file: URL) -> (points: Int, seconds: Double, peakMB: Double)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--parse", file.path]
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
let gpxURL = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-runs-benchmark-\(total).gpx")
do {
    try GPXWriter.write(Activity(segments: segments, name: "benchmark"), to: gpxURL)
} catch {
    print("cannot write \(gpxURL.path): \(error)")
    exit(1)
}
let gpxBytes = (try? FileManager.default.attributesOfItem(atPath: gpxURL.path)[.size] as? Int) ?? 0
print("GPX parse + full summary, \(total) points, \(gpxBytes / 1_000_000) MB file (target >= 2,000,000 points/s, peak <= 150 MB)")
if let best = (0..<2).compactMap({ _ in runChild(gpxURL) }).min(by: { $0.seconds < $1.seconds }) {
    print(String(format: "tempo GPX read + summary            %12.0f points/s  peak %.0f MB", Double(best.points) / best.seconds, best.peakMB))
}

// gpxpy (PyPI) on a 100,000-point prefix of the same file (it takes ~40 µs a point), same run.
let prefixURL = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-runs-benchmark-prefix.gpx")
var prefixSegments: [[LocationFix]] = []
var prefixCount = 0
for segment in segments where prefixCount < 100_000 {
    prefixSegments.append(Array(segment.prefix(100_000 - prefixCount)))
    prefixCount += prefixSegments[prefixSegments.count - 1].count
}
try? GPXWriter.write(Activity(segments: prefixSegments), to: prefixURL)
let python = Process()
python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
python.arguments = ["python3", "-c", """
import sys, time
import gpxpy
start = time.perf_counter()
with open(sys.argv[1]) as f:
    gpx = gpxpy.parse(f)
n = gpx.get_points_no()
length = gpx.length_2d()
print(n, time.perf_counter() - start)
""", prefixURL.path]
let pythonOut = Pipe()
python.standardOutput = pythonOut
python.standardError = FileHandle.nullDevice
if (try? python.run()) != nil {
    let text = String(decoding: pythonOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    python.waitUntilExit()
    let fields = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    if python.terminationStatus == 0, fields.count == 2 {
        print(String(format: "gpxpy parse + length_2d (reference) %12.0f points/s  (100,000-point prefix)", fields[0] / fields[1]))
    } else {
        print("gpxpy reference not measured (pip install gpxpy)")
    }
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
print(String(format: "tempo FIT read (fenix2-run.fit, repeated) %8.0f records/s (target >= 5,000,000)", Double(fitRecords) / fitSeconds))
try? FileManager.default.removeItem(at: gpxURL)
try? FileManager.default.removeItem(at: prefixURL)
