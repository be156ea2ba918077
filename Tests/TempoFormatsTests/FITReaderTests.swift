import Foundation
import TempoFormats
import TempoKit
import Testing

/// Expected values come from python-fitparse via `Tests/Oracles/formats_fit.py` (committed output
/// `Tests/Oracles/formats-fit.json`) and from the device values in the fixtures README.
@Suite struct FITReaderTests {
    struct Oracle: Decodable {
        struct Fix: Decodable {
            var lat: Double, lon: Double, time: Double, alt: Double?, hr: Double?, cad: Double?, dist: Double?
        }
        struct Lap: Decodable { var start: Double, elapsed: Double, timer: Double, distance: Double }
        struct Session: Decodable {
            var start: Double, distance: Double, elapsed: Double, timer: Double, ascent: Double, descent: Double
        }
        var points: Int
        var samples: [String: Fix]
        var laps: [Lap]
        var session: Session
    }

    static func oracle(_ file: String) throws -> Oracle {
        let url = Fixtures.directory.deletingLastPathComponent().appendingPathComponent("Oracles/formats-fit.json")
        let all = try JSONDecoder().decode([String: Oracle].self, from: Data(contentsOf: url))
        return try #require(all[file])
    }

    @Test(arguments: ["fenix2-run.fit", "forerunner110-run.fit"])
    func fixesMatchFitparse(file: String) throws {
        let oracle = try Self.oracle(file)
        let activity = try ActivityFile.read(Fixtures.url(file))
        #expect(activity.pointCount == oracle.points)
        let fixes = activity.allFixes
        for (key, expected) in oracle.samples {
            let fix = try #require(Int(key).map { fixes[$0] })
            #expect(abs(fix.latitude - expected.lat) < 1e-12, "fix \(key)")
            #expect(abs(fix.longitude - expected.lon) < 1e-12, "fix \(key)")
            #expect(fix.time == Date(timeIntervalSince1970: expected.time), "fix \(key)")
            #expect(fix.altitudeMeters.map { ($0 * 1000).rounded() } == expected.alt.map { ($0 * 1000).rounded() }, "fix \(key)")
            #expect(fix.heartRateBPM == expected.hr, "fix \(key)")
            #expect(fix.cadencePerMinute == expected.cad, "fix \(key)")
            #expect(fix.deviceDistanceMeters.map { ($0 * 100).rounded() } == expected.dist.map { ($0 * 100).rounded() }, "fix \(key)")
        }
    }

    @Test(arguments: ["fenix2-run.fit", "forerunner110-run.fit"])
    func lapsAndSessionMatchFitparse(file: String) throws {
        let oracle = try Self.oracle(file)
        let activity = try ActivityFile.read(Fixtures.url(file))
        #expect(activity.laps.count == oracle.laps.count)
        for (lap, expected) in zip(activity.laps, oracle.laps) {
            #expect(lap.startTime == Date(timeIntervalSince1970: expected.start))
            #expect(abs((lap.elapsedSeconds ?? -1) - expected.elapsed) < 1e-9)
            #expect(abs((lap.timerSeconds ?? -1) - expected.timer) < 1e-9)
            #expect(abs((lap.distanceMeters ?? -1) - expected.distance) < 1e-9)
        }
        let summary = try #require(activity.deviceSummary)
        #expect(summary.startTime == Date(timeIntervalSince1970: oracle.session.start))
        #expect(abs((summary.distanceMeters ?? -1) - oracle.session.distance) < 1e-9)
        #expect(abs((summary.elapsedSeconds ?? -1) - oracle.session.elapsed) < 1e-9)
        #expect(abs((summary.timerSeconds ?? -1) - oracle.session.timer) < 1e-9)
        #expect(summary.ascentMeters == oracle.session.ascent)
        #expect(summary.descentMeters == oracle.session.descent)
        #expect(activity.sport == "running")
    }

    /// The device values listed in Tests/Fixtures/runs/README.md.
    @Test func readmeDeviceValues() throws {
        let fenix = try ActivityFile.read(Fixtures.url("fenix2-run.fit"))
        #expect(fenix.pointCount == 2809)
        #expect(fenix.segments.count == 1)
        #expect(fenix.laps.map { (($0.distanceMeters ?? 0) * 100).rounded() } == [84894, 298_788, 297_879, 219_261])
        #expect(fenix.deviceSummary == DeviceSummary(
            startTime: fenix.deviceSummary?.startTime, distanceMeters: 9008.22, elapsedSeconds: 2832, timerSeconds: 2832,
            ascentMeters: 64, descentMeters: 61))
        let forerunner = try ActivityFile.read(Fixtures.url("forerunner110-run.fit"))
        #expect(forerunner.pointCount == 583)
        #expect(forerunner.laps.map { (($0.distanceMeters ?? 0) * 100).rounded() } == [100_000, 100_000, 100_000, 100_000, 83538])
        #expect(forerunner.deviceSummary?.distanceMeters == 4835.38)
        #expect(forerunner.deviceSummary?.elapsedSeconds == 2625.14)
        #expect(forerunner.deviceSummary?.timerSeconds == 2625.14)
        #expect(forerunner.deviceSummary?.ascentMeters == 168)
        #expect(forerunner.deviceSummary?.descentMeters == 160)
    }
}
