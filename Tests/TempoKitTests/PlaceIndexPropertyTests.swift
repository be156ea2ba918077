import Foundation
import PropertyBased
import Testing
import TempoKit

/// The spatial index must change nothing: `MonitorCore` gives exactly the events of the plain
/// rule applied to every condition (a linear scan), for random circles of 1 m … 1,000 km around
/// ordinary places, the antimeridian and a pole.
@Suite struct PlaceIndexPropertyTests {
    @Test func indexedMonitorMatchesLinearScan() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000), Gen.int(in: 0...2)) { seed, regime in
            var random = SeededRandom(seed: UInt64(seed))
            let origins = [Coordinate(latitude: 45.2, longitude: 5.7), Coordinate(latitude: 0.3, longitude: 179.98),
                           Coordinate(latitude: 89.7, longitude: -20)]
            let origin = origins[regime]
            func nearby(_ spreadDegrees: Double) -> Coordinate {
                let latitude = min(90, max(-90, origin.latitude + Double.random(in: -spreadDegrees...spreadDegrees, using: &random)))
                var longitude = origin.longitude + Double.random(in: -spreadDegrees...spreadDegrees, using: &random)
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            var core = MonitorCore()
            var conditions: [(String, CircularCondition)] = []
            for i in 0..<40 {
                let radius = exp(Double.random(in: 0...log(1_000_000.0), using: &random))
                guard let condition = try? CircularCondition(center: nearby(0.3), radiusMeters: radius) else { continue }
                conditions.append(("c\(i)", condition))
                core.add(condition, identifier: "c\(i)")
            }
            var states = [String: ConditionState]()
            for step in 0..<150 {
                let accuracy = Double.random(in: 0...60, using: &random)
                let fix = LocationFix(time: Date(timeIntervalSince1970: Double(step)), coordinate: nearby(step % 3 == 0 ? 0.3 : 0.02),
                                      horizontalAccuracyMeters: accuracy)
                var expected = Set<String>()
                for (identifier, condition) in conditions {
                    let d = Geodesic.distance(condition.center, fix.coordinate)
                    if states[identifier] == .satisfied, d - accuracy >= condition.radiusMeters + condition.exitBufferMeters {
                        states[identifier] = .unsatisfied
                        expected.insert("\(identifier) unsatisfied")
                    } else if states[identifier] != .satisfied, d + accuracy <= condition.radiusMeters {
                        states[identifier] = .satisfied
                        expected.insert("\(identifier) satisfied")
                    }
                }
                let actual = Set(core.process(fix, now: .distantPast).events.map { "\($0.identifier) \($0.state)" })
                #expect(actual == expected, "seed \(seed) regime \(regime) step \(step)")
                if actual != expected { return }
            }
        }
    }

    /// Adds and removes in random order keep identifiers, records and geometry consistent
    /// (slots are reused; the identifier table shifts entries back on removal).
    @Test func randomAddsAndRemovesKeepEveryRecord() async {
        await propertyCheck(count: 20, input: Gen.int(in: 0...1_000_000)) { seed in
            var random = SeededRandom(seed: UInt64(seed))
            var core = MonitorCore()
            var expected: [String: CircularCondition] = [:]
            for _ in 0..<3000 {
                let identifier = "place-\(Int.random(in: 0..<600, using: &random))"
                if Bool.random(using: &random), expected[identifier] != nil {
                    let removed = core.remove(identifier)
                    #expect(removed)
                    expected[identifier] = nil
                } else {
                    let center = Coordinate(latitude: .random(in: 40...41, using: &random), longitude: .random(in: 2...3, using: &random))
                    guard let condition = try? CircularCondition(center: center, radiusMeters: .random(in: 1...20_000, using: &random))
                    else { continue }
                    core.add(condition, identifier: identifier)
                    expected[identifier] = condition
                }
            }
            #expect(core.identifiers == expected.keys.sorted())
            for (identifier, condition) in expected {
                #expect(core.record(for: identifier)?.condition == condition)
            }
            #expect(core.record(for: "place-600") == nil)
        }
    }

    /// No flapping: once satisfied, any fixes whose accuracy circle straddles the edge band
    /// (neither `d + a ≤ r` nor `d − a ≥ r + buffer`) change nothing, however they jitter.
    @Test func jitterInsideTheHysteresisBandNeverChangesState() async throws {
        let center = Coordinate(latitude: 48.8584, longitude: 2.2945)
        // Radii up to 600 m keep the band (buffer ≤ 60 m) within the 100 m accuracy limit.
        await propertyCheck(count: 40, input: Gen.double(in: 20...600), Gen.int(in: 0...1_000_000)) { radius, seed in
            var random = SeededRandom(seed: UInt64(seed))
            guard let condition = try? CircularCondition(center: center, radiusMeters: radius) else { return }
            var core = MonitorCore()
            core.add(condition, identifier: "edge", assuming: .satisfied)
            for step in 0..<200 {
                // A point due north at distance d (1° of latitude ≥ 110,574 m, so this is within
                // 1 % of d); the accuracy is chosen so that the fix lies strictly in the band.
                let d = radius + Double.random(in: -0.5...0.5, using: &random) * condition.exitBufferMeters
                let point = Coordinate(latitude: center.latitude + d / 111_212, longitude: center.longitude)
                let exact = Geodesic.distance(center, point)
                let lowest = max(exact - radius, radius + condition.exitBufferMeters - exact) + 0.01
                let accuracy = min(99, lowest + Double.random(in: 0...30, using: &random))
                guard exact + accuracy > radius, exact - accuracy < radius + condition.exitBufferMeters else { continue }
                let fix = LocationFix(time: Date(timeIntervalSince1970: Double(step)), coordinate: point, horizontalAccuracyMeters: accuracy)
                #expect(core.process(fix, now: .distantPast).events.isEmpty, "radius \(radius) d \(exact) a \(accuracy)")
            }
            #expect(core.record(for: "edge")?.state == .satisfied)
        }
    }
}
