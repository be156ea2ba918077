import Foundation
import Testing

@testable import TempoKit

/// The sensor log keeps a device's readings in 32 bits while each is exact there, and a file's
/// reader keeps one apart from the recorder (`RunReplay.logsSensors`, `keepsPositions`): neither
/// may change one bit of a summary.
@Suite struct SensorLogTests {
    /// Heart rate, cadence, power and temperature as devices log them (whole numbers, half
    /// degrees, zero and minus zero, missing), and from `inexactFrom` on also values that are not
    /// exact in 32 bits (tenths, a thousandth, many digits).
    private static func reading(_ index: Int, inexactFrom: Int, using random: inout SeededRandom) -> [Double?] {
        (0..<4).map { _ in
            if Int.random(in: 0..<10, using: &random) == 0 { return nil }
            if index >= inexactFrom, Int.random(in: 0..<4, using: &random) == 0 {
                return [23.7, 0.1, 151.33, -4.2, 1e-3, 250.123_456_789].randomElement(using: &random)
            }
            return [Double(Int.random(in: 40...200, using: &random)), Double(Int.random(in: -10...40, using: &random)) + 0.5,
                    Double(Int.random(in: 0...1_000, using: &random)), 0, -0.0].randomElement(using: &random)
        }
    }

    /// The oracle: each sensor's readings summed and compared one by one, in the order fed.
    private static func statistic(_ values: [Double]) -> SensorStatistic? {
        guard !values.isEmpty else { return nil }
        var sum = 0.0, maximum = -Double.infinity
        for value in values {
            sum += value
            maximum = max(maximum, value)
        }
        return SensorStatistic(average: sum / Double(values.count), maximum: maximum, samples: values.count)
    }

    /// Fed fixes of a run (untimed ones at the head, a pause between two segments, fixes whose
    /// position is invalid and is dropped while their readings still count), a replay whose
    /// readings are logged apart and whose positions are not kept sums up as the plain replay
    /// does, and both give each sensor's mean and maximum as summing the fed readings gives them.
    /// Seeds switch to inexact readings at the start, midway, or never.
    @Test(arguments: zip([UInt64(1), 2, 3], [0, 1_500, Int.max]))
    func readingsKeptApartAndNarrowSumUpAsTheyCame(seed: UInt64, inexactFrom: Int) {
        var random = SeededRandom(seed: seed)
        var noise = RunSimulation(sigmaMeters: 3, correlation: 0.97, seed: seed)
        var plain = RunReplay(), apart = RunReplay(), log = SensorLog()
        apart.logsSensors = false
        apart.keepsPositions = false
        apart.reserveCapacity(3_000)
        log.reserveCapacity(3_000)
        var fed: [[Double]] = [[], [], [], []], timedHeartRates = 0
        var along = 0.0
        for index in 0..<3_000 {
            if index == 1_800 {
                plain.endSegment()
                apart.endSegment()
            }
            along += (index / 300) % 3 == 2 ? 0 : 2.8
            let second = Double(index) + (index >= 1_800 ? 240 : 0)
            var fix = RunSimulation.fix(second: second, alongMeters: along, noise: noise.noise(), accuracy: 4)
            if index < 5 { fix.time = nil }
            if index % 401 == 0 { fix.coordinate = Coordinate(latitude: .nan, longitude: 14.5) }
            let values = Self.reading(index, inexactFrom: inexactFrom, using: &random)
            (fix.heartRateBPM, fix.cadencePerMinute, fix.powerWatts, fix.temperatureCelsius) = (values[0], values[1], values[2], values[3])
            for (sensor, value) in values.enumerated() { if let value { fed[sensor].append(value) } }
            if fix.time != nil, values[0] != nil { timedHeartRates += 1 }
            plain.add(fix)
            apart.add(fix)
            log.add(fix)
        }
        let expected = plain.summary()
        let summary = apart.summary(sensorLog: log)
        #expect(summary == expected)
        #expect(expected.sensors == SensorSummary(
            heartRate: Self.statistic(fed[0]), cadence: Self.statistic(fed[1]), power: Self.statistic(fed[2]),
            temperature: Self.statistic(fed[3])))
        // Every timed reading goes to one split (untimed ones to none).
        #expect(expected.splits.compactMap(\.sensors.heartRate?.samples).reduce(0, +) == timedHeartRates)
        let samples = apart.recorder.samples
        #expect(samples.count == plain.recorder.samples.count)
        #expect(samples.allSatisfy { $0.coordinate.latitude.isNaN && $0.coordinate.longitude.isNaN })
    }
}
