import Foundation
import Testing

/// `tempo run` end to end: the built binary against a temporary database.
@Suite(.serialized) struct RunCommandTests {
    private func object(_ result: TempoBinary.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.json() as? [String: Any])
    }

    private func list(_ tempo: TempoBinary) throws -> [[String: Any]] {
        let result = try tempo.run("run", "list", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.json() as? [[String: Any]])
    }

    @Test func importingTheSameFileTwiceStoresItOnce() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let fit = RunFixtures.path("forerunner110-run.fit"), tcx = RunFixtures.path("run-3laps.tcx")
        let first = try #require(try tempo.run("run", "import", fit, tcx, "--json").json() as? [[String: Any]])
        #expect(first.map { $0["inserted"] as? Bool } == [true, true])
        let copy = tempo.directory.appendingPathComponent("same-bytes.fit")
        try FileManager.default.copyItem(atPath: fit, toPath: copy.path)
        let second = try #require(try tempo.run("run", "import", copy.path, "--json").json() as? [[String: Any]])
        #expect(second.first?["inserted"] as? Bool == false)
        #expect(second.first?["id"] as? String == first.first?["id"] as? String)
        #expect(try list(tempo).count == 2)
    }

    @Test func aBrokenFileInAnImportStoresNothing() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let broken = tempo.directory.appendingPathComponent("broken.gpx")
        try "<gpx><trk><trkseg><trkpt lat=\"x\" lon=\"2\"></trkpt></trkseg></trk></gpx>".write(to: broken, atomically: true, encoding: .utf8)
        let result = try tempo.run("run", "import", RunFixtures.path("run-3laps.tcx"), broken.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains(broken.path))
        #expect(try list(tempo).isEmpty)
    }

    @Test func showExportAndDeleteAStoredRun() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = RunFixtures.path("hike-8tracks.gpx")
        let imported = try #require(try tempo.run("run", "import", file, "--json").json() as? [[String: Any]])
        let id = try #require(imported.first?["id"] as? String)
        let shown = try object(tempo.run("run", "show", String(id.prefix(8)), "--json"))
        let summary = try object(tempo.run("run", "summary", file, "--json"))
        for key in ["distance_m", "timer_s", "moving_s", "elapsed_s", "points", "segments"] {
            #expect((shown[key] as? NSNumber) == (summary[key] as? NSNumber), "\(key)")
        }
        let exported = tempo.directory.appendingPathComponent("export.gpx")
        #expect(try tempo.run("run", "export", id, "--format", "gpx", "-o", exported.path).status == 0)
        let again = try object(tempo.run("run", "summary", exported.path, "--json"))
        #expect(abs((again["distance_m"] as? Double ?? 0) - (summary["distance_m"] as? Double ?? -1)) < 0.01)
        #expect(again["segments"] as? Int == summary["segments"] as? Int)
        #expect(try tempo.run("run", "delete", id).status == 0)
        #expect(try list(tempo).isEmpty)
        let missing = try tempo.run("run", "show", id)
        #expect(missing.status == 1)
    }

    /// Live recording (a replay as fast as possible) goes through the same recorder as file analysis.
    @Test(arguments: ["forerunner110-run.fit", "hike-8tracks.gpx", "fenix2-run.fit"])
    func recordingAReplayMatchesTheFileSummary(name: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = RunFixtures.path(name)
        let recorded = try object(tempo.run("run", "record", "--replay", file, "--speed", "0", "--json"))
        let summary = try object(tempo.run("run", "summary", file, "--json"))
        #expect(recorded["segments"] as? Int == summary["segments"] as? Int)
        for key in ["distance_m", "timer_s", "moving_s", "elapsed_s", "accepted_points", "elevation_gain_m"] {
            let a = try #require(recorded[key] as? Double), b = try #require(summary[key] as? Double)
            #expect(abs(a - b) < 1e-6, "\(key): recorded \(a), file \(b)")
        }
        #expect(try list(tempo).first?["finished"] as? Bool == true)
    }

    @Test func recordingFromNMEAOnStandardInput() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let imported = try #require(try tempo.run("run", "import", RunFixtures.path("run-3laps.tcx"), "--json").json() as? [[String: Any]])
        let id = try #require(imported.first?["id"] as? String)
        let log = tempo.directory.appendingPathComponent("run.nmea")
        #expect(try tempo.run("run", "export", id, "--format", "nmea", "-o", log.path).status == 0)
        let nmea = try String(contentsOf: log, encoding: .utf8)
        let recorded = try object(tempo.run(["run", "record", "--nmea", "-", "--new", "--json"], stdin: nmea))
        let summary = try object(tempo.run("run", "summary", log.path, "--json"))
        #expect(abs((recorded["distance_m"] as? Double ?? 0) - (summary["distance_m"] as? Double ?? -1)) < 1e-6)
        // The device's own laps (1609.34 + 1609.34 + 1470.55 m, Tests/Fixtures/runs/README.md), within
        // 1 %: the motion model measures the smoothed path, not the 4,688.71 m polyline of the fixes.
        #expect(abs((recorded["distance_m"] as? Double ?? 0) - 4689.23) < 0.01 * 4689.23)
    }

    /// `kill -9` in the middle of a recording: what was committed stays and reads back, and the
    /// next `record` (not on a terminal) refuses until told `--continue` or `--new`.
    @Test func killedRecordingIsKeptAndCanBeContinued() async throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = RunFixtures.path("run-3laps.tcx")
        // 1991 s of track at 20× takes ~100 s; killed after 4 s (or later: on a loaded machine other
        // tests holding the cooperative threads can delay this task's wake-up by tens of seconds).
        let (process, _, _) = try tempo.start(["run", "record", "--replay", file, "--speed", "20"])
        try await Task.sleep(for: .seconds(4))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let runs = try list(tempo)
        #expect(runs.count == 1)
        #expect(runs.first?["finished"] as? Bool == false)
        let id = try #require(runs.first?["id"] as? String)
        let partial = try object(tempo.run("run", "show", id, "--json"))
        let points = try #require(partial["points"] as? Int)
        // The track has a fix every ~5 s, so 20× gives about 4 fixes a second.
        #expect(points > 5, "only \(points) fixes committed in 4 s at 20×")

        let refused = try tempo.run("run", "record", "--replay", file, "--speed", "0")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--continue") && refused.stderr.contains("--new"))

        // Continue with the same replay from its start: fixes older than the last committed one
        // are filtered as such, the rest extends the run.
        let continued = try object(tempo.run("run", "record", "--continue", "--replay", file, "--speed", "0", "--json"))
        #expect(continued["id"] as? String == id)
        let whole = try object(tempo.run("run", "summary", file, "--json"))
        let wholeDistance = try #require(whole["distance_m"] as? Double)
        #expect(abs((continued["distance_m"] as? Double ?? 0) - wholeDistance) < 0.01 * wholeDistance)
        #expect(try list(tempo).count == 1)
        #expect(try list(tempo).first?["finished"] as? Bool == true)
    }

    @Test func newClosesTheUnfinishedRun() async throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = RunFixtures.path("run-3laps.tcx")
        let (process, _, _) = try tempo.start(["run", "record", "--replay", file, "--speed", "40"])
        try await Task.sleep(for: .seconds(3))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = try object(tempo.run("run", "record", "--new", "--replay", file, "--speed", "0", "--json"))
        let runs = try list(tempo)
        #expect(runs.count == 2)
        #expect(runs.allSatisfy { $0["finished"] as? Bool == true })
    }

    @Test func aBadNMEAChecksumStopsTheRecordingAndStoresNothing() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let imported = try #require(try tempo.run("run", "import", RunFixtures.path("run-3laps.tcx"), "--json").json() as? [[String: Any]])
        let id = try #require(imported.first?["id"] as? String)
        let log = tempo.directory.appendingPathComponent("bad.nmea")
        #expect(try tempo.run("run", "export", id, "--format", "nmea", "-o", log.path).status == 0)
        var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\r\n").map(String.init)
        // Line 31: flip the checksum's last digit.
        let last = lines[30].removeLast()
        lines[30].append(last == "0" ? "1" : "0")
        try (lines.joined(separator: "\r\n") + "\r\n").write(to: log, atomically: true, encoding: .utf8)
        _ = try tempo.run("run", "delete", id)
        let result = try tempo.run("run", "record", "--nmea", log.path, "--new")
        #expect(result.status == 1)
        #expect(result.stderr.contains(log.path) && result.stderr.contains("31"), "\(result.stderr)")
        #expect(try list(tempo).isEmpty)
    }

    @Test func usageErrors() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("run", "record").status == 64)
        #expect(try tempo.run("run", "record", "--gpsd", "--nmea", "x").status == 64)
        #expect(try tempo.run("run", "summary", RunFixtures.path("run-3laps.tcx"), "--splits", "furlong").status == 64)
    }
}
