import Foundation
import Testing

/// `tempo run record --gpsd` against a real gpsd (Debian packages `gpsd` and `gpsd-clients`,
/// which provides `gpsfake`) replaying an NMEA log made from a fixture by `tempo run export
/// --format nmea` (TempoFormats' NMEAWriter). The recorded run must match `tempo run summary`
/// of the same stretch of the log. Fails when gpsfake is missing and `CI` is set; skips otherwise.
@Suite(.serialized) struct RunGPSDTests {
    static let gpsfake = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.timeLimit(.minutes(2)))
    func recordingFromGpsdMatchesTheFileAnalysis() async throws {
        guard let gpsfake = Self.gpsfake else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("gpsfake is not installed (apt-get install gpsd gpsd-clients)")
            }
            return
        }
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let imported = try #require(try tempo.run("run", "import", RunFixtures.path("run-3laps.tcx"), "--json").json() as? [[String: Any]])
        let id = try #require(imported.first?["id"] as? String)
        let full = tempo.directory.appendingPathComponent("full.nmea")
        #expect(try tempo.run("run", "export", id, "--format", "nmea", "-o", full.path).status == 0)
        // 150 epochs (RMC, GGA, GSA each) keep gpsfake's replay short.
        let lines = try String(contentsOf: full, encoding: .utf8).split(separator: "\r\n").map(String.init)
        let log = tempo.directory.appendingPathComponent("log.nmea")
        try (lines.prefix(450).joined(separator: "\r\n") + "\r\n").write(to: log, atomically: true, encoding: .utf8)

        let port = Int.random(in: 20_000..<30_000)
        let daemon = Process()
        // `env --default-signal`: the test runner may ignore SIGINT/SIGTERM, and ignored signals
        // are inherited; gpsfake must be stoppable (on SIGINT it also stops its gpsd).
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = ["--default-signal=INT,TERM", gpsfake, "-1", "-q", "-P", "\(port)", "-c", "0.04", log.path]
        var environment = ProcessInfo.processInfo.environment
        environment["WRITE_PAD"] = "0.005"
        daemon.environment = environment
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer {
            if daemon.isRunning { daemon.interrupt() }
            let deadline = Date().addingTimeInterval(10)
            while daemon.isRunning && Date() < deadline { usleep(50_000) }
            if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
            daemon.waitUntilExit()
        }
        try await Task.sleep(for: .seconds(1.5))

        let recorded = try tempo.run("run", "record", "--gpsd", "127.0.0.1:\(port)", "--new", "--json", "--stop-when-idle", "3")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let run = try #require(try recorded.json() as? [String: Any])
        let accepted = try #require(run["accepted_points"] as? Int)
        // gpsd drops what arrives before the client connects; on a loaded machine that can be a
        // third of the log (or more while other tests load both cores). The comparison below is over what
        // was recorded, so 30 epochs suffice.
        #expect(accepted > 30, "gpsd delivered only \(accepted) fixes")

        // gpsd may skip the first epochs while the client connects (and it reads the two-digit
        // NMEA year with its own pivot), so the file analysis is of the log from the first
        // recorded time of day on.
        let started = try #require(run["started_at"] as? String)
        let timeOfDay = started.split(separator: "T")[1].prefix(8).replacingOccurrences(of: ":", with: "")
        var epochs: [[String]] = []
        for line in lines.prefix(450) {
            if line.hasPrefix("$GPRMC") { epochs.append([]) }
            epochs[epochs.count - 1].append(line)
        }
        let kept = epochs.filter { epoch in
            let time = epoch[0].split(separator: ",", omittingEmptySubsequences: false)[1]
            return time.prefix(6) >= timeOfDay.prefix(6)
        }
        let trimmed = tempo.directory.appendingPathComponent("trimmed.nmea")
        try (kept.flatMap { $0 }.joined(separator: "\r\n") + "\r\n").write(to: trimmed, atomically: true, encoding: .utf8)
        let summary = try #require(try tempo.run("run", "summary", trimmed.path, "--json").json() as? [String: Any])

        #expect(accepted == summary["accepted_points"] as? Int)
        let distance = try #require(run["distance_m"] as? Double), fileDistance = try #require(summary["distance_m"] as? Double)
        // gpsd re-prints positions to 1e-9°; NMEA carries 1e-6 minute (≈ 2 mm).
        #expect(abs(distance - fileDistance) < 0.05, "gpsd \(distance) m, file \(fileDistance) m")
        for key in ["elapsed_s", "timer_s", "moving_s"] {
            let a = try #require(run[key] as? Double), b = try #require(summary[key] as? Double)
            #expect(abs(a - b) < 0.01, "\(key): gpsd \(a), file \(b)")
        }
        let splits = try #require(run["splits"] as? [[String: Any]]), fileSplits = try #require(summary["splits"] as? [[String: Any]])
        #expect(splits.count == fileSplits.count)
    }
}
