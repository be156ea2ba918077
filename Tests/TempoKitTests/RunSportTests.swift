import Foundation
import TempoKit
import Testing

/// The sport through an analysis: the prior the recorder gets at each change's instant, the
/// summary's `sport`/`sport_inferred`, and the parts of a run whose sport changed.
@Suite struct RunSportTests {
    /// Noise-free 1 Hz fixes from `seconds.lowerBound` at `speed` m/s, starting `from` metres along the street.
    private func fixes(_ seconds: ClosedRange<Int>, speed: Double, from along: Double = 0) -> [LocationFix] {
        seconds.map { second in
            RunSimulation.fix(second: Double(second), alongMeters: along + speed * Double(second - seconds.lowerBound))
        }
    }

    private func at(_ second: Double) -> Date { RunSimulation.start.addingTimeInterval(second) }

    /// 10 min running at 3 m/s, then 20 min cycling at 8 m/s.
    private var duathlon: [LocationFix] { fixes(0...600, speed: 3) + fixes(601...1800, speed: 8, from: 1803) }

    @Test func theRecorderTakesEachChangeWithItsFirstFix() {
        var replay = RunReplay(sportChanges: [SportChange(at: at(600.5), sport: .cycling), SportChange(at: at(0), sport: .running)])
        for fix in duathlon.prefix(601) { replay.add(fix) }
        #expect(replay.recorder.sport == .running)
        replay.add(duathlon[601])
        #expect(replay.recorder.sport == .cycling)
    }

    @Test func aChangeBeforeTheFirstFixIsTheStartingSport() {
        var replay = RunReplay(sportChanges: [SportChange(at: at(-100), sport: .hiking)], settings: RunSettings(sport: .running))
        replay.add(duathlon[0])
        #expect(replay.recorder.sport == .hiking)
        let summary = replay.summary()
        #expect(summary.sport == .hiking)
        #expect(summary.sportInferred == false)
        #expect(summary.sports.isEmpty)
    }

    @Test func aRunWhoseSportChangedIsCutIntoParts() throws {
        let changes = [SportChange(at: at(0), sport: .running), SportChange(at: at(600.5), sport: .cycling)]
        var replay = RunReplay(sportChanges: changes)
        for fix in duathlon { replay.add(fix) }
        let summary = replay.summary()
        #expect(summary == RunAnalysis.summarize(segments: [duathlon], sportChanges: changes))
        #expect(summary.sports.map(\.sport) == [.running, .cycling])
        #expect(summary.sports.map(\.sportInferred) == [false, false])
        #expect(summary.sports.map(\.startedAt) == [at(0), at(600.5)])
        let running = try #require(summary.sports.first), cycling = try #require(summary.sports.last)
        // Cut at the instant, halfway between the fixes at 600 s and 601 s.
        #expect(abs(running.distanceMeters - 1801.5) < 0.01)
        #expect(abs((running.movingSeconds ?? 0) - 600.5) < 1e-6)
        #expect(abs(running.distanceMeters + cycling.distanceMeters - summary.distanceMeters) < 1e-6)
        #expect(abs((running.movingSeconds ?? 0) + (cycling.movingSeconds ?? 0) - (summary.movingSeconds ?? 0)) < 1e-6)
        // The part with the longest moving time names the run.
        #expect(summary.sport == .cycling)
        #expect(summary.sportInferred == false)
    }

    @Test func anUnnamedPartHasTheSportOfItsSpeed() {
        // A "generic" leg (no sport named), then a run named as such.
        let changes = [SportChange(at: at(0), sport: nil), SportChange(at: at(600.5), sport: .running)]
        let summary = RunAnalysis.summarize(segments: [duathlon], sportChanges: changes)
        #expect(summary.sports.map(\.sport) == [.running, .running])
        #expect(summary.sports.map(\.sportInferred) == [true, false])
    }

    @Test func aChangeToTheSameSportIsNotANewPart() {
        let changes = [SportChange(at: at(0), sport: .running), SportChange(at: at(300), sport: .running)]
        let summary = RunAnalysis.summarize(segments: [duathlon], settings: RunSettings(sport: .running))
        #expect(RunAnalysis.summarize(segments: [duathlon], sportChanges: changes, settings: RunSettings(sport: .running)) == summary)
        #expect(summary.sports.isEmpty)
    }

    @Test func changesAfterTheLastFixMakeNoPart() {
        let changes = [SportChange(at: at(5000), sport: .swimming)]
        let summary = RunAnalysis.summarize(segments: [duathlon], sportChanges: changes, settings: RunSettings(sport: .running))
        #expect(summary.sports.isEmpty)
        #expect(summary.sport == .running)
    }

    @Test(arguments: [(1.2, Sport.walking), (3, .running), (8, .cycling)])
    func anUnnamedRunHasTheSportOfItsMovingSpeed(speed: Double, sport: Sport) {
        let summary = RunAnalysis.summarize(segments: [fixes(0...600, speed: speed)])
        #expect(summary.sport == sport)
        #expect(summary.sportInferred)
        #expect(summary.sports.isEmpty)
    }

    @Test func aNamedSportIsReportedAsNamed() {
        let summary = RunAnalysis.summarize(segments: [fixes(0...600, speed: 3)], settings: RunSettings(sport: .hiking))
        #expect(summary.sport == .hiking)
        #expect(summary.sportInferred == false)
    }

    @Test func withoutMovingTimeAnUnnamedSportCannotBeInferred() {
        let untimed = fixes(0...100, speed: 3).map { fix in
            var fix = fix
            fix.time = nil
            return fix
        }
        let summary = RunAnalysis.summarize(segments: [untimed])
        #expect(summary.sport == nil)
        #expect(summary.sportInferred)
        #expect(RunAnalysis.summarize(segments: [untimed], settings: RunSettings(sport: .walking)).sport == .walking)
    }

    @Test func theJSONNamesTheSportAndItsParts() throws {
        let changes = [SportChange(at: at(0), sport: .running), SportChange(at: at(600.5), sport: .cycling)]
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let summary = RunAnalysis.summarize(segments: [duathlon], sportChanges: changes)
        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(summary)) as? [String: Any])
        #expect(json["sport"] as? String == "cycling")
        #expect(json["sport_inferred"] as? Bool == false)
        let parts = try #require(json["sports"] as? [[String: Any]])
        #expect(parts.count == 2)
        #expect(Set(parts[0].keys) == ["sport", "sport_inferred", "started_at", "distance_m", "moving_s"])
        #expect(parts.map { $0["sport"] as? String } == ["running", "cycling"])
        let single = try #require(try JSONSerialization.jsonObject(
            with: encoder.encode(RunAnalysis.summarize(segments: [duathlon]))) as? [String: Any])
        #expect((single["sports"] as? [Any])?.isEmpty == true)
        #expect(single["sport_inferred"] as? Bool == true)
    }
}
