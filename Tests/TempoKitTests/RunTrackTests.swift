import Foundation
import Testing
import TempoKit

/// Splits and best efforts on hand-made cumulative tracks; expected values are worked out by
/// hand from the constructed speeds (noted beside each).
@Suite struct RunTrackTests {
    /// Samples every `step` seconds over pieces of (metres, seconds) at constant speed.
    private func track(step: Double, pieces: [(meters: Double, seconds: Double)]) -> RunTrack {
        var samples: [RunSample] = []
        var time = 0.0, distance = 0.0
        func add() {
            samples.append(RunSample(time: Date(timeIntervalSince1970: time), coordinate: Coordinate(latitude: 1, longitude: 1),
                                     altitudeMeters: nil, segment: 0, distanceMeters: distance, timerSeconds: time, movingSeconds: time))
        }
        add()
        for piece in pieces {
            let speed = piece.meters / piece.seconds
            var left = piece.seconds
            while left > 1e-9 {
                let dt = min(step, left)
                time += dt; distance += speed * dt; left -= dt
                add()
            }
        }
        return RunTrack(samples: samples)
    }

    @Test func kilometreSplitsAreCutAtTheExactBoundary() {
        // 2,500 m at 4 m/s, fixes every 3 s (never on a boundary): 250 s, 250 s, then 500 m in 125 s.
        let splits = track(step: 3, pieces: [(2500, 625)]).splits(unit: .kilometer)
        #expect(splits.count == 3)
        for (split, expected) in zip(splits, [(1000.0, 250.0), (1000, 250), (500, 125)]) {
            #expect(abs(split.distanceMeters - expected.0) < 1e-6)
            #expect(abs((split.elapsedSeconds ?? 0) - expected.1) < 1e-6)
            #expect(abs((split.paceSecondsPerKilometer ?? 0) - 250) < 1e-6)
        }
    }

    @Test func mileSplits() {
        // 2 miles at 5 min/km: each mile 1609.344 m × 0.3 s/m = 482.8032 s.
        let splits = track(step: 7, pieces: [(3218.688, 965.6064)]).splits(unit: .mile)
        #expect(splits.count == 2)
        #expect(splits.allSatisfy { abs(($0.elapsedSeconds ?? 0) - 482.8032) < 1e-6 })
    }

    @Test func bestEffortsFindTheFastestStretchByInterpolation() throws {
        // 2 km at 5:00/km, 1 km at 4:00/km, 1 km at 5:00/km, fixes every 7 s.
        let efforts = track(step: 7, pieces: [(2000, 600), (1000, 240), (1000, 300)]).bestEfforts()
        #expect(efforts.map(\.distanceMeters) == [400, 1000, 1609.344])
        // 400 m inside the fast kilometre: 96 s.  1 km: exactly the fast one, 240 s, starting at 600 s.
        #expect(abs(efforts[0].elapsedSeconds - 96) < 1e-6)
        #expect(abs(efforts[1].elapsedSeconds - 240) < 1e-6)
        #expect(abs(efforts[1].startOffsetSeconds - 600) < 1e-6)
        // 1 mile: the fast km plus 609.344 m at 0.3 s/m = 240 + 182.8032 s.
        #expect(abs(efforts[2].elapsedSeconds - 422.8032) < 1e-6)
    }

    @Test func noTimesGiveDistanceSplitsWithNullTimes() {
        let samples = (0...30).map { i in
            RunSample(time: nil, coordinate: Coordinate(latitude: 1, longitude: 1), altitudeMeters: nil, segment: 0,
                      distanceMeters: Double(i) * 100, timerSeconds: nil, movingSeconds: nil)
        }
        let track = RunTrack(samples: samples)
        let splits = track.splits(unit: .kilometer)
        #expect(splits.map(\.distanceMeters) == [1000, 1000, 1000])
        #expect(splits.allSatisfy { $0.elapsedSeconds == nil && $0.paceSecondsPerKilometer == nil })
        #expect(track.bestEfforts().isEmpty)
    }

    @Test func untimedStretchesAddDistanceButNoTimeOrPace() throws {
        // 1,500 m without times (a fix every 100 m), then 1,500 m timed at 4 m/s (a fix every 3 s).
        var samples = (0...15).map { i in
            RunSample(time: nil, coordinate: Coordinate(latitude: 1, longitude: 1), altitudeMeters: nil, segment: 0,
                      distanceMeters: Double(i) * 100, timerSeconds: nil, movingSeconds: nil)
        }
        for step in 0...125 {
            let time = Double(step) * 3
            samples.append(RunSample(time: Date(timeIntervalSince1970: time), coordinate: Coordinate(latitude: 1, longitude: 1),
                                     altitudeMeters: nil, segment: 0, distanceMeters: 1500 + 4 * time, timerSeconds: time, movingSeconds: time))
        }
        let track = RunTrack(samples: samples)
        #expect(abs(track.untimedDistanceMeters - 1500) < 1e-9)
        #expect(abs(track.timedDistanceMeters - 1500) < 1e-9)
        let splits = track.splits(unit: .kilometer)
        #expect(splits.count == 3)
        // Split 1: all untimed.  Split 2: 500 m untimed + 500 m in 125 s.  Split 3: 1,000 m in 250 s.
        #expect(splits[0].elapsedSeconds == nil && splits[0].paceSecondsPerKilometer == nil)
        #expect(abs(splits[0].untimedDistanceMeters - 1000) < 1e-9)
        #expect(abs(splits[1].untimedDistanceMeters - 500) < 1e-9)
        #expect(abs((splits[1].elapsedSeconds ?? 0) - 125) < 1e-6)
        #expect(abs((splits[1].paceSecondsPerKilometer ?? 0) - 250) < 1e-6)
        #expect(abs((splits[2].elapsedSeconds ?? 0) - 250) < 1e-6)
        #expect(splits[2].untimedDistanceMeters == 0)
        // Best efforts fit in the 1,500 timed metres only, at 4 m/s.
        let efforts = track.bestEfforts()
        #expect(efforts.map(\.distanceMeters) == [400, 1000])
        #expect(abs(efforts[1].elapsedSeconds - 250) < 1e-6)
    }
}
