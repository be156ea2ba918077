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

let target = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
let clock = ContinuousClock()

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
