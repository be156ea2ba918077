import Foundation
import Testing

/// Runs in the sync scenarios: what each device and the server hold, as comparable lines.
extension SyncTests {
    /// The real workout files the devices import and record.
    static let runFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/runs")

    /// One run's numbers as a line: id, start, distance, timer and moving time.
    static func runLine(id: Any?, start: Any?, distance: Any?, timer: Any?, moving: Any?) -> String {
        func number(_ value: Any?) -> String { (value as? Double).map { String(format: "%.6f", $0) } ?? "null" }
        return [id as? String ?? "?", start as? String ?? "null", number(distance), number(timer), number(moving)].joined(separator: ",")
    }

    /// Every run of a device's store, from `tempo run list --json`, sorted.
    func runs(of device: SyncDevice) async throws -> [String] {
        let listed = try await device.run(["run", "list", "--json"], now: Self.now).output
        let runs = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
        return runs.map { Self.runLine(id: $0["id"], start: $0["started_at"], distance: $0["distance_m"], timer: $0["timer_s"], moving: $0["moving_s"]) }
            .sorted()
    }

    /// Every run's summary as `tempo run show ID --json` prints it on a device, without the source
    /// (a file path on the device that imported it, `tempo sync` on the others).
    func shownRuns(of device: SyncDevice) async throws -> [String: String] {
        var shown: [String: String] = [:]
        for line in try await runs(of: device) {
            let id = String(line.prefix { $0 != "," })
            let text = try await device.run(["run", "show", id, "--json"], now: Self.now).output
            var object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            object["source"] = nil
            // Sync carries no sensor readings (heart rate, cadence, power, temperature) yet: like
            // laps, only the device that imported the file has them, so they are left out here.
            object["sensors"] = nil
            object["splits"] = (object["splits"] as? [[String: Any]])?.map { split in split.filter { $0.key != "sensors" } }
            for (key, value) in object {
                shown[id + "." + key] = String(decoding: try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]), as: UTF8.self)
            }
        }
        return shown
    }

    /// Every run the server holds, each as `runs(of:)` lines from `GET /v1/runs/{id}`, sorted.
    func serverRuns(_ server: TestServer, token: String) async throws -> [String] {
        let list = try await server.send("GET", "/v1/runs", token: token).json["runs"] as? [[String: Any]] ?? []
        var lines: [String] = []
        for item in list {
            let id = item["id"] as? String ?? ""
            let run = try await server.send("GET", "/v1/runs/\(id)", token: token).json
            lines.append(Self.runLine(id: id, start: run["started_at"], distance: run["distance_m"], timer: run["timer_s"], moving: run["moving_s"]))
        }
        return lines.sorted()
    }

    /// A imports a real FIT run; B records a run live, replaying a real TCX file.
    func recordRunsOffline(_ a: SyncDevice, _ b: SyncDevice) async throws {
        try await a.run(["run", "import", Self.runFixtures.appendingPathComponent("fenix2-run.fit").path], now: Self.now)
        try await b.run(["run", "record", "--replay", Self.runFixtures.appendingPathComponent("run-3laps.tcx").path, "--speed", "0"],
                        now: Self.now)
    }
}

/// A run's push killed between two batches of fixes.
extension SyncTests {
    /// A GPX track of `count` fixes a second apart, jogging north from Seoul at about 3 m/s.
    func longRunGPX(fixes count: Int, from start: Date) -> String {
        let points = (0..<count).map { index in
            let time = start.addingTimeInterval(Double(index)).formatted(Date.ISO8601FormatStyle())
            return "<trkpt lat=\"\(37.5 + Double(index) * 0.000027)\" lon=\"126.97\"><time>\(time)</time></trkpt>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="SyncTests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>

            """
    }

    @Test(arguments: ServerEngine.available) func aSyncKilledWhilePushingARunsFixesResumesAndLosesNothing(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a"), b = try SyncDevice("b")
        let count = 40_000
        let track = URL(fileURLWithPath: a.home).appendingPathComponent("long.gpx")
        try longRunGPX(fixes: count, from: Self.now.addingTimeInterval(-Double(count) - 3600)).write(to: track, atomically: true, encoding: .utf8)
        try await a.run(["run", "import", track.path], now: Self.now)
        let id = String(try await runs(of: a)[0].prefix { $0 != "," })
        try await login(a, to: server, create: true)
        try await login(b, to: server, create: false)
        let token = try token(of: a)

        // Kill -9 once the server holds some of the run's fixes, well before all.
        let (process, _, _) = try a.launch(["sync"], now: Self.now)
        var held = 0
        while process.isRunning {
            held = try await server.send("GET", "/v1/runs/\(id)", token: token).json["points"] as? Int ?? 0
            if held > 0 { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        let partial = try await server.send("GET", "/v1/runs/\(id)", token: token).json["points"] as? Int ?? 0
        #expect(partial > 0 && partial < count, "\(partial) of \(count) fixes on the server at the kill")

        // The resumed push sends the run again; the fixes the server holds are duplicates.
        #expect(try await a.run(["sync"], now: Self.now).output == "pushed 1, pulled 0\n")
        #expect(try await server.send("GET", "/v1/runs/\(id)", token: token).json["points"] as? Int == count)
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let onA = try await runs(of: a)
        #expect(onA == (try await runs(of: b)))
        #expect(onA == (try await serverRuns(server, token: token)))
        #expect(try await shownRuns(of: a) == (try await shownRuns(of: b)))
        await server.stop()
    }
}

/// A run still fed to the server while a device pulls it.
extension SyncTests {
    /// The fixes numbered `range`, a second apart two hours before now, jogging north at about 3 m/s.
    func liveFixes(_ range: Range<Int>) -> [[String: Any]] {
        let start = Self.now.addingTimeInterval(-7200)
        return range.map { index in
            ["time": start.addingTimeInterval(Double(index)).formatted(Date.ISO8601FormatStyle()),
             "lat": 37.5 + Double(index) * 0.000027, "lon": 126.97]
        }
    }

    @Test(arguments: ServerEngine.available) func aRunPulledWhileItWasStillFedIsPulledAgainWithItsNewFixes(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let b = try SyncDevice("b")
        try await login(b, to: server, create: true)
        let token = try token(of: b)
        let id = UUID().uuidString.lowercased()
        #expect(try await server.send("PUT", "/v1/runs/\(id)", json: ["sport": "run"], token: token).status == 201)
        #expect(try await server.send("POST", "/v1/runs/\(id)/fixes", json: ["fixes": liveFixes(0..<300)], token: token).status == 200)
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let early = try await runs(of: b)
        #expect(early == (try await serverRuns(server, token: token)))

        #expect(try await server.send("POST", "/v1/runs/\(id)/fixes", json: ["fixes": liveFixes(300..<900)], token: token).status == 200)
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let later = try await runs(of: b)
        #expect(later == (try await serverRuns(server, token: token)))
        #expect(later != early)
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 0\n")
        await server.stop()
    }
}
