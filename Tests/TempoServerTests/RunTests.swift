import Foundation
import Testing
import TempoTestSupport

/// Runs on the server: uploaded files summarise as `tempo run summary --json` prints them for the
/// same file, the same bytes are one run with the id `tempo run import` gives them, and a live
/// run fed in batches (in order, shuffled, re-sent) summarises as the GPX of the same fixes.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct RunTests {
    /// The real workout files of `Tests/Fixtures/runs`, each with the type it is uploaded as.
    static let fixtures: [(file: String, contentType: String)] = [
        ("fenix2-run.fit", "application/vnd.ant.fit"), ("fenix2-multisport.fit", "application/vnd.ant.fit"),
        ("edge500-ride.fit", "application/vnd.ant.fit"), ("run-3laps.tcx", "application/vnd.garmin.tcx+xml"),
        ("hike-4tracks.gpx", "application/gpx+xml"), ("hike-8tracks-no-times.gpx", "application/gpx+xml"),
        ("empty-segment.gpx", "application/gpx+xml"),
    ]

    static let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/runs")

    /// Runs the CLI; returns its standard output (a failure is recorded with its standard error).
    static func tempo(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = TestServer.binary
        process.arguments = arguments
        process.environment = ["HOME": TestDirectory.root.path, "TEMPO_NOW": "2026-11-20T12:00:00Z"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        for _ in 0..<3000 where process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        #expect(process.terminationStatus == 0, "tempo \(arguments): \(String(decoding: failure, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }

    /// What `tempo run summary --json FILE` prints.
    static func cliSummary(_ path: String) async throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try await tempo(["run", "summary", "--json", path]).utf8)) as? [String: Any])
    }

    /// A JSON value as sorted-key text: equal documents give equal text.
    static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A document without its `id`.
    static func withoutID(_ document: [String: Any]) -> [String: Any] {
        var document = document
        document["id"] = nil
        return document
    }

    @Test(arguments: ServerEngine.available) func eachFixtureUploadsToTheNumbersTheCLIPrintsAndTheIDTheCLIImportsItUnder(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("runner@example.org")
        let database = TestDirectory.root.appendingPathComponent("runs-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        for (file, contentType) in Self.fixtures {
            let path = Self.fixtureDirectory.appendingPathComponent(file).path
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let reply = try await server.send("POST", "/v1/runs", raw: bytes, contentType: contentType, token: token)
            #expect(reply.status == 201, "\(file): \(reply.text)")
            let expected = try await Self.cliSummary(path)
            #expect(try Self.canonical(Self.withoutID(reply.json)) == Self.canonical(expected), "\(file)")
            // `tempo run import` stores the file under the same id.
            let imported = try await Self.tempo(["run", "import", "--json", path, "--db", database])
            let list = try #require(try JSONSerialization.jsonObject(with: Data(imported.utf8)) as? [[String: Any]])
            let id = try #require(reply.json["id"] as? String)
            #expect(list.first?["id"] as? String == id, "\(file)")
            #expect(Array(id)[14] == "4" && "89ab".contains(Array(id)[19]), "\(id) is a version 4 UUID")
            let fetched = try await server.send("GET", "/v1/runs/\(id)", token: token)
            #expect(fetched.body == reply.body)
            // The stored fixes are the file's (its accepted and dropped points alike).
            let fixes = try await server.send("GET", "/v1/runs/\(id)/fixes", token: token).json["fixes"] as? [[String: Any]]
            #expect(fixes?.count == expected["points"] as? Int, "\(file)")
        }
        let runs = try await server.send("GET", "/v1/runs", token: token).json["runs"] as? [[String: Any]] ?? []
        #expect(runs.count == Self.fixtures.count)
        let starts = runs.compactMap { $0["start"] as? String }
        #expect(starts == starts.sorted(by: >), "newest first")
        let undated = runs.map { $0["start"] is NSNull }
        #expect(undated == undated.sorted { !$0 && $1 }, "runs without a start come last")
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func theSameBytesTwiceAreOneRunAndADeletedRunStaysDeleted(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("runner@example.org")
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent("run-3laps.tcx"))
        let stream = try EventStreamClient(url: URL(string: "/v1/live", relativeTo: server.baseURL)!, token: token)
        try await Task.sleep(for: .milliseconds(300))  // the stream is open
        let first = try await server.send("POST", "/v1/runs", raw: bytes, token: token)
        #expect(first.status == 201, "\(first.text)")
        // Other devices hear of it as a `run` event carrying the run's document.
        #expect(await stream.wait(for: 1) != nil)
        #expect(stream.events.first?.name == "run")
        #expect(stream.events.first?.data.contains(first.json["id"] as? String ?? "?") == true)
        stream.close()
        let second = try await server.send("POST", "/v1/runs", raw: bytes, token: token)
        #expect(second.status == 200)
        #expect(second.body == first.body)
        let changes = try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [[String: Any]] ?? []
        #expect(changes.count == 1)
        #expect(changes.first?["kind"] as? String == "run")
        #expect(try Self.canonical(changes.first?["record"] ?? [:]) == Self.canonical(first.json))
        let runs = try await server.send("GET", "/v1/runs", token: token).json["runs"] as? [[String: Any]] ?? []
        #expect(runs.count == 1)

        let id = try #require(first.json["id"] as? String)
        #expect(try await server.send("DELETE", "/v1/runs/\(id)", token: token).status == 204)
        #expect(try await server.send("GET", "/v1/runs/\(id)", token: token).status == 404)
        #expect(try await server.send("GET", "/v1/runs/\(id)/fixes", token: token).status == 404)
        let again = try await server.send("POST", "/v1/runs", raw: bytes, token: token)
        #expect(again.status == 409 && again.errorCode == "deleted", "\(again.text)")
        let feed = try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [[String: Any]] ?? []
        #expect(feed.map { $0["op"] as? String } == ["put", "delete"])
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aBodyWithoutAContentTypeIsSniffedAndGarbageIsRefusedWithTheReadersError(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("runner@example.org")
        for file in ["fenix2-run.fit", "run-3laps.tcx", "hike-4tracks.gpx"] {
            let path = Self.fixtureDirectory.appendingPathComponent(file).path
            let reply = try await server.send("POST", "/v1/runs", raw: try Data(contentsOf: URL(fileURLWithPath: path)), token: token)
            #expect(reply.status == 201, "\(file): \(reply.text)")
            #expect(try Self.canonical(Self.withoutID(reply.json)) == Self.canonical(try await Self.cliSummary(path)), "\(file)")
        }
        let garbage = try await server.send("POST", "/v1/runs", raw: Data("hello, this is no run".utf8), token: token)
        #expect(garbage.status == 400 && garbage.errorCode == "invalid_file")
        #expect((garbage.json["error"] as? [String: Any])?["message"] as? String == "body: not a GPX, TCX, FIT or NMEA file")
        // A GPX cut off in the middle: the parser's place and reason.
        let gpx = try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent("hike-4tracks.gpx"))
        let truncated = try await server.send("POST", "/v1/runs", raw: gpx.prefix(5000) + Data("<trkpt lat=\"x\"".utf8),
                                              contentType: "application/gpx+xml", token: token)
        let message = (truncated.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(truncated.status == 400 && message.hasPrefix("body: "), "\(truncated.text)")
        #expect(!message.contains("tempo-upload"), "the message names the body, not a temporary file")
        let fitAsGPX = try await server.send("POST", "/v1/runs", raw: try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent("edge500-ride.fit")),
                                             contentType: "application/gpx+xml", token: token)
        #expect(fitAsGPX.status == 400, "\(fitAsGPX.text)")
        // Waypoints only: not a run, as `tempo run import` has it.
        let waypoints = try await server.send("POST", "/v1/runs", raw: try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent("unicode-bom.gpx")),
                                              token: token)
        #expect(waypoints.status == 400 && waypoints.errorCode == "no_track_points", "\(waypoints.text)")
        let json = try await server.send("POST", "/v1/runs", raw: Data("{}".utf8), contentType: "application/json", token: token)
        #expect(json.status == 415 && json.errorCode == "unsupported_media_type")
        let runs = try await server.send("GET", "/v1/runs", token: token).json["runs"] as? [[String: Any]] ?? []
        #expect(runs.count == 3)
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    // MARK: - Live runs

    /// A reproducible random source (SplitMix64).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A fix as JSON (coordinates to 1e-7°, elevation to 0.1 m: decimals both readers parse exactly).
    struct Fix {
        let time: String
        let lat: Double
        let lon: Double
        let ele: Double

        var json: [String: Any] { ["time": time, "lat": lat, "lon": lon, "ele": ele] }
        var gpx: String { #"<trkpt lat="\#(lat)" lon="\#(lon)"><ele>\#(ele)</ele><time>\#(time)</time></trkpt>"# }
    }

    /// A 1 Hz run of `count` fixes heading north-east at about 3 m/s with GPS noise, and a
    /// two-minute stop in the middle.
    static func track(count: Int, seed: UInt64) -> [Fix] {
        var random = Random(state: seed)
        let start = Date(timeIntervalSince1970: 1_795_000_000 - 7200)
        var lat = 48.137, lon = 11.575
        return (0..<count).map { index in
            let stopped = (count / 2..<count / 2 + 120).contains(index)
            if !stopped {
                lat += 0.000_02 + Double.random(in: -0.000_003...0.000_003, using: &random)
                lon += 0.000_025 + Double.random(in: -0.000_003...0.000_003, using: &random)
            }
            let noise = { (random: inout Random) in Double.random(in: -0.000_01...0.000_01, using: &random) }
            return Fix(time: start.addingTimeInterval(Double(index)).formatted(Date.ISO8601FormatStyle()),
                       lat: ((lat + noise(&random)) * 1e7).rounded() / 1e7, lon: ((lon + noise(&random)) * 1e7).rounded() / 1e7,
                       ele: ((520 + 15 * sin(Double(index) / 90)) * 10).rounded() / 10)
        }
    }

    /// The GPX file of `fixes` (one track, one segment).
    static func gpx(_ fixes: [Fix]) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="RunTests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + fixes.map(\.gpx).joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    }

    @Test(arguments: ServerEngine.available) func aLiveRunFedInBatchesInOrderShuffledAndResentSummarisesAsTheGPXOfItsFixes(engine: ServerEngine) async throws {
        let fixes = Self.track(count: 1500, seed: 7)
        let file = TestDirectory.root.appendingPathComponent("live-\(UUID().uuidString).gpx")
        try Self.gpx(fixes).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = try Self.canonical(try await Self.cliSummary(file.path))

        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("runner@example.org")
        let batches = stride(from: 0, to: fixes.count, by: 200).map { Array(fixes[$0..<min($0 + 200, fixes.count)]) }

        // In order, in batches of 200.
        let inOrder = "00000000-0000-4000-8000-00000000001a"
        let declared = try await server.send("PUT", "/v1/runs/\(inOrder)", json: ["name": "morning"], token: token)
        #expect(declared.status == 201, "\(declared.text)")
        #expect(declared.json["points"] as? Int == 0)
        #expect(try await server.send("PUT", "/v1/runs/\(inOrder)", json: ["name": "morning"], token: token).status == 200)
        var last: [String: Any] = [:]
        for batch in batches {
            let reply = try await server.send("POST", "/v1/runs/\(inOrder)/fixes", json: ["fixes": batch.map(\.json)], token: token)
            #expect(reply.status == 200 && reply.json["accepted"] as? Int == batch.count, "\(reply.text.prefix(300))")
            last = reply.json["run"] as? [String: Any] ?? [:]
        }
        #expect(try Self.canonical(Self.withoutID(last)) == expected)
        // Re-sending a batch (a timeout on the client) changes nothing.
        let changesBefore = try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [[String: Any]] ?? []
        let resent = try await server.send("POST", "/v1/runs/\(inOrder)/fixes", json: ["fixes": batches[3].map(\.json)], token: token)
        #expect(resent.json["accepted"] as? Int == 0 && resent.json["duplicates"] as? Int == batches[3].count)
        #expect(try Self.canonical(Self.withoutID(resent.json["run"] as? [String: Any] ?? [:])) == expected)
        let changesAfter = try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [[String: Any]] ?? []
        #expect(changesAfter.count == changesBefore.count)
        let fetched = try await server.send("GET", "/v1/runs/\(inOrder)", token: token)
        #expect(try Self.canonical(Self.withoutID(fetched.json)) == expected)

        // Shuffled across batches, with a third of the fixes sent twice.
        var random = Random(state: 11)
        let shuffledRun = "00000000-0000-4000-8000-00000000002b"
        #expect(try await server.send("PUT", "/v1/runs/\(shuffledRun)", json: [:], token: token).status == 201)
        let shuffled = (fixes + fixes.prefix(500)).shuffled(using: &random)
        var accepted = 0, duplicates = 0
        for start in stride(from: 0, to: shuffled.count, by: 300) {
            let batch = Array(shuffled[start..<min(start + 300, shuffled.count)])
            let reply = try await server.send("POST", "/v1/runs/\(shuffledRun)/fixes", json: ["fixes": batch.map(\.json)], token: token)
            accepted += reply.json["accepted"] as? Int ?? 0
            duplicates += reply.json["duplicates"] as? Int ?? 0
            last = reply.json["run"] as? [String: Any] ?? [:]
        }
        #expect(accepted == fixes.count && duplicates == 500)
        #expect(try Self.canonical(Self.withoutID(last)) == expected)

        // The fixes come back in time order, as sent.
        let stored = try await server.send("GET", "/v1/runs/\(shuffledRun)/fixes", token: token).json["fixes"] as? [[String: Any]] ?? []
        #expect(stored.count == fixes.count)
        #expect(zip(stored, fixes).allSatisfy { stored, sent in
            stored["time"] as? String == sent.time && stored["lat"] as? Double == sent.lat
                && stored["lon"] as? Double == sent.lon && stored["ele"] as? Double == sent.ele && stored["accuracy_m"] is NSNull
        })

        // A sport given later replays the run with it, as `--sport` does for the file.
        let hiked = try await server.send("PUT", "/v1/runs/\(shuffledRun)", json: ["sport": "hike"], token: token)
        #expect(hiked.status == 200)
        let hikeSummary = try await Self.tempo(["run", "summary", "--json", "--sport", "hiking", file.path])
        #expect(try Self.canonical(Self.withoutID(hiked.json)) == Self.canonical(try JSONSerialization.jsonObject(with: Data(hikeSummary.utf8))))
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func badFixesAndOtherAccountsRunsAreRefused(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let alice = try await server.signUp("alice@example.org")
        let bob = try await server.signUp("bob@example.org")
        let run = "00000000-0000-4000-8000-00000000003c"
        #expect(try await server.send("PUT", "/v1/runs/\(run)", json: ["sport": "run"], token: alice).status == 201)
        let good = Self.track(count: 3, seed: 1).map(\.json)
        var badLat = good
        badLat[2]["lat"] = 91
        let reply = try await server.send("POST", "/v1/runs/\(run)/fixes", json: ["fixes": badLat], token: alice)
        #expect(reply.status == 400 && (reply.json["error"] as? [String: Any])?["message"] as? String == "fixes[2]: lat must be within -90...90")
        var unknown = good
        unknown[1]["heart"] = 120
        let unknownReply = try await server.send("POST", "/v1/runs/\(run)/fixes", json: ["fixes": unknown], token: alice)
        #expect(unknownReply.status == 400 && unknownReply.text.contains(#"fixes[1]: unknown field \"heart\""#), "\(unknownReply.text)")
        var untimed = good
        untimed[0]["time"] = nil
        let untimedReply = try await server.send("POST", "/v1/runs/\(run)/fixes", json: ["fixes": untimed], token: alice)
        #expect(untimedReply.status == 400 && untimedReply.text.contains("fixes[0]"), "\(untimedReply.text)")
        let tooMany = try await server.send("POST", "/v1/runs/\(run)/fixes",
                                            json: ["fixes": Array(repeating: good[0], count: 10_001)], token: alice)
        #expect(tooMany.status == 400 && tooMany.errorCode == "too_many_fixes")
        #expect(try await server.send("PUT", "/v1/runs/\(run)", json: ["sport": "teleporting"], token: alice).status == 400)
        // Nothing of the refused batches was stored.
        #expect((try await server.send("GET", "/v1/runs/\(run)/fixes", token: alice).json["fixes"] as? [Any])?.count == 0)
        // Bob cannot feed, read or delete Alice's run.
        #expect(try await server.send("POST", "/v1/runs/\(run)/fixes", json: ["fixes": good], token: bob).status == 404)
        #expect(try await server.send("GET", "/v1/runs/\(run)", token: bob).status == 404)
        #expect(try await server.send("DELETE", "/v1/runs/\(run)", token: bob).status == 404)
        // An uploaded file's run takes no fixes.
        let upload = try await server.send("POST", "/v1/runs", raw: try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent("run-3laps.tcx")),
                                           token: alice)
        let fileRun = try #require(upload.json["id"] as? String)
        let notLive = try await server.send("POST", "/v1/runs/\(fileRun)/fixes", json: ["fixes": good], token: alice)
        #expect(notLive.status == 409 && notLive.errorCode == "not_live")
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aTwentyMebibyteGPXIsTakenAndABodyOverTheLimitIs413(engine: ServerEngine) async throws {
        let fixes = Self.track(count: 220_000, seed: 3)
        let body = Data(Self.gpx(fixes).utf8)
        #expect(body.count > 20 << 20)
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("runner@example.org")
        let reply = try await server.send("POST", "/v1/runs", raw: body, contentType: "application/gpx+xml", token: token)
        #expect(reply.status == 201, "\(reply.text.prefix(300))")
        #expect(reply.json["points"] as? Int == fixes.count)
        let tooLarge = try await server.send("POST", "/v1/runs", raw: body + body, contentType: "application/gpx+xml", token: token)
        #expect(tooLarge.status == 413)
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }
}
