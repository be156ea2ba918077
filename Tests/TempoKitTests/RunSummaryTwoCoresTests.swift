import Foundation
import Testing

@testable import TempoKit

/// The summary of a long run shares its passes over the samples between two cores; it must be the
/// summary one core gives, field for field.
@Suite struct RunSummaryTwoCoresTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func twoCoresGiveTheSummaryOneCoreGives(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var noise = RunSimulation(sigmaMeters: 3, correlation: 0.98, seed: seed)
        var replay = RunReplay()
        var along = 0.0, second = 0.0
        // 30,000 fixes (more than `samplesForTwoCores`) in two segments: running, walking and
        // standing, over hills, with heart rate and cadence.
        for index in 0..<30_000 {
            if index == 18_000 {
                replay.endSegment()
                second += 120
            }
            let phase = (index / 600) % 3
            along += phase == 0 ? 3.2 : phase == 1 ? 1.1 : 0
            second += 1
            var fix = RunSimulation.fix(second: second, alongMeters: along, noise: noise.noise(), accuracy: 5)
            fix.altitudeMeters = 300 + 20 * sin(along / 700) + Double.random(in: -0.5...0.5, using: &random)
            fix.heartRateBPM = 120 + Double(phase * 15) + Double.random(in: -3...3, using: &random)
            if index % 7 != 0 { fix.cadencePerMinute = phase == 2 ? 0 : 170 }
            replay.add(fix)
        }
        let recorder = replay.finish()
        #expect(recorder.store.count >= RunSummary.samplesForTwoCores)
        let one = RunSummary(recorder: recorder, at: nil, splitUnit: .kilometer, sportChanges: [], twoCores: false)
        let two = RunSummary(recorder: recorder, at: nil, splitUnit: .kilometer, sportChanges: [], twoCores: true)
        #expect(two == one)
        #expect(RunSummary(recorder: recorder) == one)
        #expect(!one.bestEfforts.isEmpty && one.elevationGainMeters != nil && one.sensors.heartRate != nil && one.splits.count > 10)
    }

    /// `RunAnalysis.summarize` measures the length as drawn on the other core while the recorder
    /// runs; it must be the replay's, fed fix by fix, to the last bit (segments, an empty one, and
    /// fixes whose coordinates are not valid included).
    @Test func theLengthAsDrawnMeasuredApartIsTheReplays() {
        var noise = RunSimulation(sigmaMeters: 4, correlation: 0.95, seed: 7)
        var segments: [[LocationFix]] = [[], [], [], []]
        var along = 0.0
        for index in 0..<24_000 {
            along += index % 900 < 700 ? 2.9 : 0
            var fix = RunSimulation.fix(second: Double(index + (index >= 9_000 ? 300 : 0)), alongMeters: along, noise: noise.noise())
            if index % 997 == 0 { fix.coordinate = Coordinate(latitude: .nan, longitude: 10) }
            segments[index < 9_000 ? 0 : index < 15_000 ? 2 : 3].append(fix)
        }
        #expect(segments.reduce(0) { $0 + $1.count } >= RunSummary.samplesForTwoCores)
        var replay = RunReplay()
        for segment in segments {
            if segment.isEmpty { replay.emptySegment() }
            for fix in segment { replay.add(fix) }
            replay.endSegment()
        }
        let fed = replay.summary()
        let summarized = RunAnalysis.summarize(segments: segments)
        #expect(summarized == fed)
        #expect(summarized.unfilteredDistanceMeters?.bitPattern == fed.unfilteredDistanceMeters?.bitPattern)
        #expect((fed.unfilteredDistanceMeters ?? 0) > fed.distanceMeters)
    }
}
