import Foundation
import Testing
import TempoKit

/// Streaming analysis: fixes fed one by one (as a file is parsed), whatever the order of segment
/// ends and untimed fixes. Expected values are the simulated track's own: 3 m along a parallel
/// each second (the fixes are placed by that arithmetic, not by Tempo's geodesics), segments never
/// joined.
@Suite struct RunReplayTests {
    private func fixes(_ seconds: ClosedRange<Int>, from along: Double = 0, timed: Bool = true) -> [LocationFix] {
        seconds.map { second in
            var fix = RunSimulation.fix(second: Double(second), alongMeters: along + 3 * Double(second))
            if !timed { fix.time = nil }
            return fix
        }
    }

    private func streamed(_ segments: [[LocationFix]], lapStarts: [Date] = [], doubleEnds: Bool = false) -> RunSummary {
        var replay = RunReplay(lapStarts: lapStarts)
        replay.endSegment()  // a reader may end a segment before any fix
        for segment in segments {
            for fix in segment { replay.add(fix) }
            replay.endSegment()
            if doubleEnds { replay.endSegment() }
        }
        return replay.summary()
    }

    @Test func aGapBetweenSegmentsIsAPause() {
        let segments = [fixes(0...100), fixes(400...500)]
        let summary = streamed(segments, doubleEnds: true)
        #expect(summary.segments == 2)
        #expect(summary.elapsedSeconds == 500)
        #expect(summary.timerSeconds == 200)
        #expect(summary.movingSeconds == 200)
        #expect(abs(summary.distanceMeters - 600) < 0.01)
    }

    @Test func untimedFixesBeforeTheFirstTimeAreHeldUntilTheStartIsKnown() {
        let segments = [fixes(0...20, timed: false), fixes(30...100) , fixes(150...160, timed: false) + fixes(161...200)]
        let summary = streamed(segments)
        #expect(summary.startedAt == RunSimulation.start.addingTimeInterval(30))
        #expect(summary.points == 21 + 71 + 11 + 40)
        #expect(summary.segments == 3)
        // The pause runs from 100 s to the next segment's first time, 161 s.
        #expect(abs((summary.timerSeconds ?? 0) - 109) < 1e-6)
        // 20 s untimed + 70 s + 10 s untimed, 1 s bridging, 39 s: 60 + 210 + 150 m.
        #expect(abs(summary.distanceMeters - 420) < 0.01)
    }

    @Test func lapsAreCutAtTheirInstants() {
        let segments = [fixes(0...600)]
        let laps = [RunSimulation.start.addingTimeInterval(200), RunSimulation.start.addingTimeInterval(400)]
        let summary = streamed(segments, lapStarts: laps)
        #expect(summary.laps.map(\.elapsedSeconds) == [200, 200, 200])
        #expect(summary.laps.map { ($0.distanceMeters * 100).rounded() / 100 } == [600, 600, 600])
        #expect(abs(summary.distanceMeters - 1800) < 0.01)
    }

    @Test func aTrackWithoutTimesGivesDistanceOnly() {
        let summary = streamed([fixes(0...100, timed: false)])
        #expect(summary.timerSeconds == nil)
        #expect(abs(summary.distanceMeters - 300) < 0.01)
        #expect(abs((summary.unfilteredDistanceMeters ?? 0) - 300) < 0.01)
    }
}
