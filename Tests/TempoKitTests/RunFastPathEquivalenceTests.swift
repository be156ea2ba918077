import Foundation
import PropertyBased
import Testing
@testable import TempoKit

/// The analysis' shortcuts give exactly what the plain computations give, bit for bit: the
/// plain forms are written out here as they stood before the shortcuts (the reference), and
/// compared on random inputs built to hit ties, equal distances and borderline values.
@Suite struct RunFastPathEquivalenceTests {
    /// The plain best effort: both sweeps over every fix, the first stretch found winning a tie.
    private func plainBestEffort(_ length: Double, distances d: [Double], timers t: [Double]) -> BestEffort? {
        let n = d.count
        var best: (elapsed: Double, start: Double)?
        func consider(_ elapsed: Double, _ start: Double) {
            if best == nil || elapsed < best?.elapsed ?? .infinity { best = (elapsed, start) }
        }
        var j = 0
        for i in 0..<n where d[i] - d[0] >= length {
            let x = d[i] - length
            while j + 1 < n && d[j + 1] <= x { j += 1 }
            let startTime: Double
            if d[j] == x || j + 1 >= n || d[j + 1] == d[j] {
                startTime = t[j]
            } else {
                startTime = t[j] + (x - d[j]) / (d[j + 1] - d[j]) * (t[j + 1] - t[j])
            }
            consider(t[i] - startTime, startTime)
        }
        var k = 0
        for s in 0..<n {
            let y = d[s] + length
            guard y <= d[n - 1] else { break }
            if s + 1 < n && d[s + 1] == d[s] { continue }
            while k < n && d[k] < y { k += 1 }
            guard k < n else { break }
            let endTime: Double
            if d[k] == y || k == 0 {
                endTime = t[k]
            } else {
                endTime = t[k - 1] + (y - d[k - 1]) / (d[k] - d[k - 1]) * (t[k] - t[k - 1])
            }
            consider(endTime - t[s], t[s])
        }
        return best.map { BestEffort(distanceMeters: length, elapsedSeconds: $0.elapsed, startOffsetSeconds: $0.start) }
    }

    /// A random cumulative track: stretches of different paces, standing (equal distances),
    /// gaps in time, and the same stretch repeated (equal best times in several places).
    private func randomTrack(seed: Int, monotonic: Bool) -> RunTrack {
        var random = SeededRandom(seed: UInt64(seed))
        var steps: [(meters: Double, seconds: Double)] = []
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            let pace = [0, 0.8, 2.5, 3.3, 4, 6][Int.random(in: 0..<6, using: &random)]
            let jitter = Double.random(in: 0...1.5, using: &random)
            for _ in 0..<Int.random(in: 1...400, using: &random) {
                let seconds = [1.0, 1, 1, 2, 0.5, 7][Int.random(in: 0..<6, using: &random)]
                steps.append((max(0, pace * seconds + Double.random(in: -jitter...jitter, using: &random)), seconds))
            }
        }
        if Bool.random(using: &random) { steps += steps }
        var samples: [RunSample] = []
        var distance = Double.random(in: 0...50, using: &random), time = Double.random(in: 0...100, using: &random)
        for (meters, seconds) in steps {
            distance += meters
            time += seconds
            // A rare step back, for the tracks that are not monotonic.
            if !monotonic && Int.random(in: 0..<50, using: &random) == 0 { time -= 10; distance -= 3 }
            samples.append(RunSample(time: nil, coordinate: Coordinate(latitude: 1, longitude: 1), altitudeMeters: nil,
                                     segment: 0, distanceMeters: distance, timerSeconds: time, movingSeconds: time))
        }
        return RunTrack(samples: samples)
    }

    @Test func bestEffortsEqualThePlainSweeps() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
            let track = randomTrack(seed: seed, monotonic: seed % 5 != 0)
            let targets = [1, 50, 123.4, 400, 1000, 1609.344, 5000] + BestEffort.standardDistances
            let fast = track.bestEfforts(targets: targets)
            let total = (track.distances.last ?? 0) - (track.distances.first ?? 0)
            let plain = targets.filter { total >= $0 }.compactMap {
                plainBestEffort($0, distances: track.distances, timers: track.timers)
            }
            #expect(fast.count == plain.count)
            for (a, b) in zip(fast, plain) {
                #expect(a.distanceMeters == b.distanceMeters)
                #expect(a.elapsedSeconds.bitPattern == b.elapsedSeconds.bitPattern)
                #expect(a.startOffsetSeconds.bitPattern == b.startOffsetSeconds.bitPattern)
            }
        }
    }

    /// Longitude differences go the short way round: against the arithmetic of the circle.
    @Test func longitudeDifferencesGoTheShortWayRound() async {
        #expect(Coordinate.longitudeDifference(from: 179.5, to: -179.5) == 1)
        #expect(Coordinate.longitudeDifference(from: -179.5, to: 179.5) == -1)
        #expect(Coordinate.longitudeDifference(from: 10, to: 20) == 10)
        await propertyCheck(count: 2000, input: Gen.double(in: -180...180), Gen.double(in: -180...180)) { a, b in
            let d = Coordinate.longitudeDifference(from: a, to: b)
            #expect(abs(d) <= 180)
            // a + d is b, modulo a whole turn.
            let turns = (a + d - b) / 360
            #expect(abs(turns - turns.rounded()) < 1e-12)
        }
    }

    /// The motion model's written-out constant is the exponential it stands for, to the last bit.
    @Test func paceCostCapIsWrittenOutExactly() {
        #expect(MotionModel.paceCostCapResolved == exp(2 * MotionModel.paceCostCap))
    }

    @Test func dropCountsAreKeptByReason() {
        #expect(FixDropReason.allCases.enumerated().allSatisfy { $0.offset == $0.element.countIndex })
        var filter = FixFilter()
        filter.count(.stationary, times: 0)
        #expect(filter.dropped.isEmpty)
        filter.count(.stationary, times: 3)
        filter.count(.notRecording)
        #expect(filter.dropped == [.stationary: 3, .notRecording: 1])
    }
}
