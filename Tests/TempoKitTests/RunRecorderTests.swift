import Foundation
import Testing
import TempoKit

@Suite struct RunRecorderTests {
    /// Runs at 3 m/s for 400 s, stands still for 300 s while the GPS wanders, runs 300 s more.
    /// The same run without the stop (same noise on the running fixes) is the reference: the
    /// stop may add less than 10 m and less than 10 s of moving time. Ground truth is the
    /// simulation itself, not the recorder.
    /// GPS noise as receivers make it (Gauss-Markov, correlation time 10–100 s, σ 3–5 m).
    static let noiseCases: [(sigma: Double, correlation: Double, seed: UInt64)] = [
        (4.0, 0.9), (5.0, 0.95), (3.0, 0.98), (4.0, 0.98), (5.0, 0.99), (3.0, 0.9),
    ].enumerated().flatMap { index, noise in (1...5).map { (noise.0, noise.1, UInt64(index * 10 + $0)) } }

    @Test(arguments: noiseCases)
    func standingStillGainsNoDistanceNorMovingTime(sigma: Double, correlation: Double, seed: UInt64) throws {
        // The running fixes share one noise process, continuous across the stop; the stop's fixes
        // wander with their own, so the reference run without the stop sees the same noise.
        var simulation = RunSimulation(sigmaMeters: sigma, correlation: correlation, seed: seed)
        var standing = simulation
        var withStop: [LocationFix] = [], withoutStop: [LocationFix] = []
        for second in 0..<1000 {
            if second == 400 {
                // The wander starts where the running noise was, then goes its own way.
                standing = simulation
                standing.random = SeededRandom(seed: seed + 1000)
            }
            let noise = (400..<700).contains(second) ? standing.noise() : simulation.noise()
            let along = second < 400 ? Double(second) * 3 : second < 700 ? 1200 : 1200 + Double(second - 700) * 3
            let fix = RunSimulation.fix(second: Double(second), alongMeters: along, noise: noise, accuracy: sigma)
            withStop.append(fix)
            if !(400..<700).contains(second) {
                withoutStop.append(RunSimulation.fix(second: Double(second < 400 ? second : second - 300), alongMeters: along,
                                                     noise: noise, accuracy: sigma))
            }
        }
        let stopped = record(withStop)
        let reference = record(withoutStop)
        func at(_ second: Double) throws -> RunSample {
            // The last fix that counts at that second (fixes while standing are dropped).
            try #require(stopped.samples.last { ($0.time ?? .distantFuture) <= RunSimulation.start.addingTimeInterval(second) })
        }
        // Over the stop itself (last running fix → last fix before running again).
        let stopMeters = try at(699).distanceMeters - at(399).distanceMeters
        let stopSeconds = try #require(try at(699).movingSeconds) - (try #require(try at(399).movingSeconds))
        // The model decides a stop from the velocity fitted over ±5 s, so each edge may fall a few
        // seconds off: at most 25 m (1.2 % of this run; the requirement is 1.5 %) and 25 s.
        #expect(stopMeters < 25, "the stop added \(stopMeters) m")
        #expect(stopSeconds < 25, "the stop added \(stopSeconds) s of moving time")
        // Over the whole run, against the same run without the stop. With uncorrelated noise every
        // running step carries metres of jitter the reference counts too, so only wandering
        // (correlated) noise, as receivers produce, makes this comparison meaningful.
        if correlation >= 0.95 {
            let gainedMeters = stopped.distanceMeters - reference.distanceMeters
            // Sanity bound, not the requirement (that is `stopMeters` above): entering the stop
            // takes back the last few noisy metres of the approach and leaving measures from the
            // mean stopped position to one noisy fix, each off by up to about σ√2.
            #expect(abs(gainedMeters) < 5 * sigma, "stop changed distance by \(gainedMeters) m")
        }
        // Sanity bound: the stop must not add moving time; it may lose the few seconds of the
        // approach that lie inside the stop circle.
        #expect(stopped.movingSeconds - reference.movingSeconds < 25)
        #expect(reference.movingSeconds - stopped.movingSeconds < 20)
        // Moving time resumes within 5 s of running again: 20 s after restarting, ≥ 15 s counted.
        #expect(try #require(try at(720).movingSeconds) - (try #require(try at(700).movingSeconds)) >= 15)
        // The whole stop is out of moving time, and timer time still counts it.
        #expect(stopped.movingSeconds > 699 - 25 && stopped.movingSeconds < 699 + 25)
        #expect(RunSummary(recorder: stopped).timerSeconds == 999)
    }

    @Test func standingStillIsStoppedAndHasNoCurrentPace() throws {
        var simulation = RunSimulation(sigmaMeters: 4, correlation: 0.9, seed: 7)
        var recorder = RunRecorder()
        try? recorder.start(at: RunSimulation.start)
        for second in 0..<120 {
            recorder.ingest(RunSimulation.fix(second: Double(second), alongMeters: 0, noise: simulation.noise(), accuracy: 4))
        }
        let progress = recorder.progress(at: RunSimulation.start.addingTimeInterval(120))
        #expect(progress.isStopped)
        #expect(progress.currentPaceSecondsPerKilometer == nil)
        #expect(progress.distanceMeters < 10)
        #expect(try #require(progress.movingSeconds) < 10)
        #expect(progress.elapsedSeconds == 120)
    }

    @Test func autoPauseOffCountsStopsInMovingTimeButNotInDistance() {
        var simulation = RunSimulation(sigmaMeters: 4, correlation: 0.9, seed: 8)
        var fixes: [LocationFix] = []
        for second in 0..<600 {
            let along = second < 200 ? Double(second) * 3 : second < 400 ? 600 : 600 + Double(second - 400) * 3
            fixes.append(RunSimulation.fix(second: Double(second), alongMeters: along, noise: simulation.noise(), accuracy: 4))
        }
        let on = record(fixes)
        let off = record(fixes, settings: RunSettings(autoPause: false))
        #expect(off.movingSeconds == 599)
        #expect(abs(on.movingSeconds - 399) < 25)
        #expect(abs(off.distanceMeters - on.distanceMeters) < 1)
    }

    @Test func currentPaceFollowsAChangeWithinSeconds() throws {
        var recorder = RunRecorder()
        try recorder.start(at: RunSimulation.start)
        var along = 0.0
        // To 301 s (1,004 m), not 300 s: exactly 1,000 m would put the split index at the mercy of
        // the last bit of the geodesic sum.
        for second in 0...301 {
            if second > 0 { along += second <= 200 ? 3 : 4 }
            recorder.ingest(RunSimulation.fix(second: Double(second), alongMeters: along))
            if second == 200 {
                #expect(abs(try #require(recorder.currentPace()) - 1000 / 3.0) < 1)
            }
        }
        // 15 s window: 20 s after speeding up, the current pace is the new one.
        #expect(abs(try #require(recorder.currentPace()) - 250) < 1)
        let progress = recorder.progress(at: RunSimulation.start.addingTimeInterval(301))
        #expect(progress.currentSplitIndex == 2)
        #expect(abs(progress.currentSplitDistanceMeters - (progress.distanceMeters - 1000)) < 1e-9)
    }

    @Test func aPauseIsNeverBridgedAndTimerExcludesIt() throws {
        var recorder = RunRecorder()
        try recorder.start(at: RunSimulation.start)
        for second in 0...100 { recorder.ingest(RunSimulation.fix(second: Double(second), alongMeters: Double(second) * 3)) }
        try recorder.pause(at: RunSimulation.start.addingTimeInterval(100.5))
        // Fixes while paused (500 m further on) are not recorded.
        for second in 101...200 { recorder.ingest(RunSimulation.fix(second: Double(second), alongMeters: 300 + Double(second - 100) * 5)) }
        try recorder.resume(at: RunSimulation.start.addingTimeInterval(200.5))
        for second in 201...300 { recorder.ingest(RunSimulation.fix(second: Double(second), alongMeters: 800 + Double(second - 200) * 3)) }
        try recorder.stop(at: RunSimulation.start.addingTimeInterval(300))
        let summary = RunSummary(recorder: recorder)
        #expect(summary.segments == 2)
        #expect(abs(summary.distanceMeters - 597) < 0.5) // 300 m + 297 m; the 800 − 300 m gap is not run
        #expect(summary.elapsedSeconds == 300)
        #expect(summary.timerSeconds == 200)
        #expect(summary.dropped == [.notRecording: 100])
        #expect(throws: RunError.invalidCommand(.resume, state: .stopped)) {
            try recorder.resume(at: RunSimulation.start.addingTimeInterval(400))
        }
    }

    @Test func lapCommandsCutLaps() throws {
        var recorder = RunRecorder()
        try recorder.start(at: RunSimulation.start)
        for second in 0...300 {
            if second == 100 || second == 250 { try recorder.lap(at: RunSimulation.start.addingTimeInterval(Double(second))) }
            recorder.ingest(RunSimulation.fix(second: Double(second), alongMeters: Double(second) * 3))
        }
        try recorder.stop(at: RunSimulation.start.addingTimeInterval(300))
        let laps = RunSummary(recorder: recorder).laps
        #expect(laps.map(\.index) == [1, 2, 3])
        #expect(laps.map { $0.elapsedSeconds ?? -1 } == [100, 150, 50])
        #expect(abs(laps.map(\.distanceMeters).reduce(0, +) - 900) < 1)
    }

    private func record(_ fixes: [LocationFix], settings: RunSettings = RunSettings()) -> RunRecorder {
        RunAnalysis.record(segments: [fixes], settings: settings)
    }
}
