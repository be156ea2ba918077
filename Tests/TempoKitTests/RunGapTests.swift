import Foundation
import TempoKit
import Testing

/// A ride round a bend the receiver loses the sky on: across a gap in the fixes the way taken is
/// the device's own odometer where it counted more than the chord.
///
/// The truth is analytic: the rider goes round a circle of radius `radius` at `speed`, so the way
/// from the start to second t is `speed · t` (the arc), and the device's odometer says so. The
/// fixes lie on the circle (laid out with the ellipsoid's radii of curvature at the origin, as in
/// `RunSimulation`), one a second except in the gap (no fix at seconds 40–79, so 41 s from the
/// fix before to the fix after); the 1 s chords are each 0.074 % short of their arc (2R·sin(θ/2)
/// for θ = 8/60 rad), the gap's chord 2R·sin(164/60) = 47.6 m of its 328 m.
@Suite struct RunGapTests {
    static let radius = 60.0, speed = 8.0, seconds = 120, gap = 40..<80
    /// Seconds from the fix before the gap to the fix after it.
    static let gapSeconds = Double(gap.count + 1)

    /// The fixes, with `odometer` (seconds → device distance; `nil`: the file has none).
    static func ride(gap: Range<Int> = gap, odometer: ((Int) -> Double)? = { speed * Double($0) }) -> [LocationFix] {
        (0...seconds).filter { !gap.contains($0) }.map { second in
            let angle = speed * Double(second) / radius
            return LocationFix(
                time: RunSimulation.start.addingTimeInterval(Double(second)),
                coordinate: Coordinate(
                    latitude: RunSimulation.origin.latitude + radius * (1 - cos(angle)) / RunSimulation.metersPerDegreeLatitude,
                    longitude: RunSimulation.origin.longitude + radius * sin(angle) / RunSimulation.metersPerDegreeLongitude),
                deviceDistanceMeters: odometer?(second))
        }
    }

    /// 1 s chords round the bend outside the gap, metres (analytic).
    static let chordsOutsideGap = Double(seconds - gap.count - 1) * 2 * radius * sin(speed / (2 * radius))
    /// The gap's chord, metres (analytic).
    static let gapChord = 2 * radius * sin(speed * gapSeconds / (2 * radius))

    @Test func theGapCountsWhatTheDeviceCounted() throws {
        let run = RunAnalysis.record(segments: [Self.ride()], settings: RunSettings(sport: .cycling))
        // 79 chords and the odometer's 328 m over the gap: 0.05 % short of the 960 m arc.
        let expected = Self.chordsOutsideGap + Self.speed * Self.gapSeconds
        #expect(abs(run.distanceMeters - expected) < 0.01)
        #expect(abs(run.distanceMeters - 960) < 0.001 * 960)
        #expect(run.movingSeconds == Double(Self.seconds))
    }

    @Test func withoutAnOdometerTheGapIsItsChord() throws {
        let run = RunAnalysis.record(segments: [Self.ride(odometer: nil)], settings: RunSettings(sport: .cycling))
        #expect(abs(run.distanceMeters - (Self.chordsOutsideGap + Self.gapChord)) < 0.01)
    }

    @Test func anOdometerShortOfTheChordOrWoundBackCountsTheChord() throws {
        // Paused over the gap (the odometer stood still), or reset (a new session starts from 0).
        for odometer: (Int) -> Double in [{ Self.speed * Double(min($0, Self.gap.lowerBound)) },
                                          { Self.speed * Double($0 < Self.gap.upperBound ? $0 : $0 - Self.gap.upperBound) }] {
            let run = RunAnalysis.record(segments: [Self.ride(odometer: odometer)], settings: RunSettings(sport: .cycling))
            #expect(abs(run.distanceMeters - (Self.chordsOutsideGap + Self.gapChord)) < 0.01)
        }
    }

    @Test func anOdometerPastThePhysicalBoundCountsNoMoreThanIt() throws {
        // 50 km over the 41 s gap: a broken odometer, held to the sport's bound.
        let broken: (Int) -> Double = { Self.speed * Double($0) + ($0 >= Self.gap.upperBound ? 50_000 : 0) }
        let settings = RunSettings(sport: .cycling)
        let run = RunAnalysis.record(segments: [Self.ride(odometer: broken)], settings: settings)
        let bound = settings.maxSpeedMetersPerSecond * Self.gapSeconds
        #expect(abs(run.distanceMeters - (Self.chordsOutsideGap + bound)) < 0.01)
    }

    @Test func fixesCloserThanTheLagAreChordsWhateverTheOdometer() throws {
        // Smart recording: fixes 8 s apart on a bend; the model's own path counts, not the device's.
        let fixes = Self.ride(gap: 0..<0).filter { $0.time.map { Int($0.timeIntervalSince(RunSimulation.start)) % 8 == 0 } ?? false }
        let run = RunAnalysis.record(segments: [fixes], settings: RunSettings(sport: .cycling))
        let chords = Double(fixes.count - 1) * 2 * Self.radius * sin(Self.speed * 8 / (2 * Self.radius))
        #expect(abs(run.distanceMeters - chords) < 0.01)
    }

    @Test func liveProgressAcrossTheGapIsWhatTheSummarySays() throws {
        var recorder = RunRecorder(settings: RunSettings(sport: .cycling))
        try recorder.start(at: RunSimulation.start)
        let fixes = Self.ride()
        for fix in fixes { recorder.ingest(fix) }
        let last = try #require(fixes.last?.time)
        let live = recorder.progress(at: last).distanceMeters
        try recorder.stop(at: last)
        #expect(abs(live - recorder.distanceMeters) < 1e-9)
        #expect(abs(recorder.distanceMeters - (Self.chordsOutsideGap + Self.speed * Self.gapSeconds)) < 0.01)
    }
}
