import Foundation
import PropertyBased
import Testing
import TempoKit

/// Properties that hold for any track, checked on random ones.
@Suite struct RunPropertyTests {
    /// A random 1 Hz track: running, jogging, walking and standing stretches with GPS noise.
    private func track(seed: Int) -> [LocationFix] {
        var random = SeededRandom(seed: UInt64(seed))
        var simulation = RunSimulation(sigmaMeters: Double.random(in: 2...6, using: &random),
                                       correlation: Double.random(in: 0...0.99, using: &random), seed: UInt64(seed) + 7)
        var along = 0.0, second = 0.0
        var fixes: [LocationFix] = []
        for _ in 0..<Int.random(in: 2...6, using: &random) {
            let speed = [0, 0, 1.2, 2.5, 3.5, 5][Int.random(in: 0..<6, using: &random)]
            for _ in 0..<Int.random(in: 20...300, using: &random) {
                second += 1
                along += speed
                fixes.append(RunSimulation.fix(second: second, alongMeters: along, noise: simulation.noise(),
                                               accuracy: simulation.sigmaMeters))
            }
        }
        return fixes
    }

    @Test func summariesAreConsistent() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...1_000_000)) { seed in
            let fixes = track(seed: seed)
            let summary = RunAnalysis.summarize(segments: [fixes])
            // Every fix is accepted or dropped for a reason.
            #expect(summary.points == summary.acceptedPoints + summary.dropped.values.reduce(0, +))
            // Never more distance than the track as drawn, never more moving time than timer time.
            #expect(summary.distanceMeters <= (summary.unfilteredDistanceMeters ?? 0) + 1e-6)
            #expect((summary.movingSeconds ?? 0) <= (summary.timerSeconds ?? 0) + 1e-9)
            // Splits add up to the distance, less a last stretch under a metre (which makes no split;
            // e.g. 1,000.17 m gives one split); a longer best effort never takes less time.
            let uncut = summary.distanceMeters - summary.splits.map(\.distanceMeters).reduce(0, +)
            #expect(uncut > -1e-6 && uncut < 1)
            let times = summary.bestEfforts.map(\.elapsedSeconds)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test func geodesicIsSymmetricAndObeysTheTriangleInequality() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000)) { seed in
            var random = SeededRandom(seed: UInt64(seed))
            func point() -> Coordinate {
                Coordinate(latitude: Double.random(in: -89.9...89.9, using: &random), longitude: Double.random(in: -180...180, using: &random))
            }
            let a = point(), b = point(), c = point()
            let ab = Geodesic.distance(a, b), ba = Geodesic.distance(b, a)
            #expect(abs(ab - ba) < 1e-6)
            #expect(ab <= Geodesic.distance(a, c) + Geodesic.distance(c, b) + 1e-6)
            #expect(ab <= 20_003_931.5)  // half the WGS84 meridian
        }
    }
}
