// Places benchmark (release, one core): `swift build -c release --product places-benchmark`
// then `.build/release/places-benchmark`. Prints each figure with its target and, side by side,
// a linear scan (the plain rule applied to every condition) as the reference.
import Foundation
import TempoKit
#if canImport(Glibc)
import Glibc
#endif

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A France-sized box (about 890 km × 600 km).
let latitudes = 43.0...51.0, longitudes = -1.0...7.0
var random = SplitMix(state: 2026)

@MainActor func randomCoordinate() -> Coordinate {
    Coordinate(latitude: .random(in: latitudes, using: &random), longitude: .random(in: longitudes, using: &random))
}

/// Landmarks of 50 m … 1 km, and one in a hundred a 2 … 5 km city frame.
@MainActor func randomCondition() -> CircularCondition {
    let radius = Int.random(in: 0..<100, using: &random) == 0
        ? Double.random(in: 2000...5000, using: &random) : Double.random(in: 50...1000, using: &random)
    // Values are in range by construction.
    return try! CircularCondition(center: randomCoordinate(), radiusMeters: radius)
}

@MainActor func fixes(_ count: Int, from start: Double) -> [LocationFix] {
    (0..<count).map { i in
        LocationFix(time: Date(timeIntervalSince1970: start + Double(i)), coordinate: randomCoordinate(),
                    horizontalAccuracyMeters: 10)
    }
}

func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Resident set size from /proc/self/statm (Linux), bytes; 0 elsewhere.
func heapBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The reference: every condition, every fix, the exact rule.
func linearScan(_ conditions: [CircularCondition], _ fixes: [LocationFix]) -> Int {
    var inside = 0
    for fix in fixes {
        let accuracy = fix.horizontalAccuracyMeters ?? 10
        for condition in conditions where Geodesic.distance(condition.center, fix.coordinate) + accuracy <= condition.radiusMeters {
            inside += 1
        }
    }
    return inside
}

func line(_ label: String, _ value: Double, _ unit: String, target: String, reference: Double? = nil) {
    var text = "\(label): \(String(format: "%.0f", value)) \(unit)   (target \(target))"
    if let reference { text += "   linear scan: \(String(format: "%.0f", reference)) \(unit)" }
    print(text)
}

@MainActor func fixRate(conditionCount: Int, fixCount: Int, sampleCount: Int, target: String) {
    let before = heapBytes()
    var core = MonitorCore()
    var conditions: [CircularCondition] = []
    conditions.reserveCapacity(conditionCount)
    for i in 0..<conditionCount {
        let condition = randomCondition()
        conditions.append(condition)
        core.add(condition, identifier: "p\(i)")
    }
    let after = heapBytes()
    let conditionsBytes = conditions.capacity * MemoryLayout<CircularCondition>.stride
    let coreBytes = Double(after - before - conditionsBytes) / Double(conditionCount)
    let stream = fixes(fixCount, from: 1_795_255_200)
    var events = 0
    let elapsed = seconds {
        for fix in stream { events += core.process(fix, now: .distantPast).events.count }
    }
    let sample = Array(stream.prefix(sampleCount))
    var inside = 0
    let referenceElapsed = seconds { inside = linearScan(conditions, sample) }
    line("fixes/s against \(conditionCount) conditions", Double(fixCount) / elapsed, "fixes/s", target: target,
         reference: Double(sampleCount) / referenceElapsed)
    print("    (\(events) events over \(fixCount) fixes; linear scan on a sample of \(sampleCount) fixes found \(inside) inside)")
    line("bytes per condition at \(conditionCount) (resident-memory delta)", coreBytes, "B", target: "≤ 150")
    print("    (the monitor's own estimate of its capacities: \(core.approximateBytes / conditionCount) B per condition)")

    if conditionCount >= 1_000_000 {
        let operations = 200_000
        var next = conditionCount
        let fresh = (0..<operations).map { _ in randomCondition() }
        let addRemove = seconds {
            for i in 0..<operations {
                core.remove("p\(i * 5)")
                core.add(fresh[i], identifier: "p\(next)")
                next += 1
            }
        }
        // Reference: a flat array as a linear-scan monitor holds it (append; remove by searching).
        var flat = conditions.enumerated().map { ("p\($0.offset)", $0.element) }
        let referenceOperations = 200
        let referenceElapsed = seconds {
            for i in 0..<referenceOperations {
                if let at = flat.firstIndex(where: { $0.0 == "p\(conditionCount - 1 - i * 7)" }) { flat.swapAt(at, flat.count - 1); flat.removeLast() }
                flat.append(("q\(i)", fresh[i]))
            }
        }
        line("adds+removes/s with \(core.count) conditions", Double(2 * operations) / addRemove, "ops/s",
             target: "≥ 500,000", reference: Double(2 * referenceOperations) / referenceElapsed)
    }
}

print("Places benchmark — one core, release build, conditions spread over a 890 km × 600 km box")
fixRate(conditionCount: 100_000, fixCount: 2_000_000, sampleCount: 40, target: "≥ 1,000,000")
fixRate(conditionCount: 1_000_000, fixCount: 1_000_000, sampleCount: 8, target: "≥ 200,000")
