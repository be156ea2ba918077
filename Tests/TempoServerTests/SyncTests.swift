import Foundation
import Testing

/// `tempo login` and `tempo sync` end to end: a real `tempo serve` and the real `tempo` binary
/// on two stores (two devices) that record offline and then merge through the server.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SyncTests {
    /// The fixed wall clock of the server and of every device.
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let password = "correct horse"

    /// Signs `device` in (creating the account with the first device).
    func login(_ device: SyncDevice, to server: TestServer, email: String = "ada@example.org", create: Bool) async throws {
        var arguments = ["login", server.baseURL.absoluteString, "--email", email, "--device", device.name]
        if create { arguments.append("--create-account") }
        try await device.run(arguments, now: Self.now, password: Self.password)
    }

    /// Every session the server holds, as `SyncDevice.sessions` lines, from its change feed.
    func serverSessions(_ server: TestServer, token: String) async throws -> [String] {
        var latest: [String: [String: Any]?] = [:]
        var since = 0
        while true {
            let page = try await server.send("GET", "/v1/changes?since=\(since)&limit=1000", token: token)
            let changes = page.json["changes"] as? [[String: Any]] ?? []
            if changes.isEmpty { break }
            for change in changes where change["kind"] as? String == "focus_session" {
                latest[change["id"] as? String ?? ""] = change["record"] as? [String: Any]
            }
            since = page.json["next"] as? Int ?? since
        }
        return latest.compactMap { id, record -> String? in
            guard let record else { return nil }
            let segments = (record["segments"] as? [[String: Any]] ?? []).map { "\($0["start"] as? String ?? "")/\($0["end"] as? String ?? "")" }
            return [id, record["tag"] as? String ?? "", segments.joined(separator: " ")].joined(separator: ",")
        }.sorted()
    }

    /// The token in a device's login file.
    func token(of device: SyncDevice) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: device.loginPath))) as? [String: Any]
        return object?["token"] as? String ?? ""
    }

    /// A report over every day recorded, as `focus report --json` prints it.
    func report(_ device: SyncDevice) async throws -> String {
        try await device.run(["focus", "report", "--json", "--from", "2026-11-01", "--to", "2026-11-18"], now: Self.now).output
    }

    @Test(arguments: ServerEngine.available) func loginKeepsTheTokenInAFileOnlyTheOwnerCanReadAndLogoutRevokesIt(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let device = try SyncDevice("laptop")
        try await login(device, to: server, create: true)
        let attributes = try FileManager.default.attributesOfItem(atPath: device.loginPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let token = try token(of: device)
        #expect(try await server.send("GET", "/v1/focus/settings", token: token).status == 200)

        // No password in the environment and no terminal to type it on: a clear error.
        let noPassword = try await device.run(["login", server.baseURL.absoluteString, "--email", "ada@example.org"],
                                              now: Self.now, expectSuccess: false)
        #expect(noPassword.status == 1)
        #expect(noPassword.errors.contains("TEMPO_PASSWORD"), "\(noPassword.errors)")
        // A wrong password is refused and keeps the old login.
        let wrong = try await device.run(["login", server.baseURL.absoluteString, "--email", "ada@example.org"],
                                         now: Self.now, password: "wrong password", expectSuccess: false)
        #expect(wrong.status == 1)
        #expect(try self.token(of: device) == token)

        try await device.run(["logout"], now: Self.now)
        #expect(!FileManager.default.fileExists(atPath: device.loginPath))
        #expect(try await server.send("GET", "/v1/focus/settings", token: token).status == 401)
        let notSignedIn = try await device.run(["sync"], now: Self.now, expectSuccess: false)
        #expect(notSignedIn.status == 1 && notSignedIn.errors.contains("tempo login"), "\(notSignedIn.errors)")
        await server.stop()
    }

    /// What each device records offline: tagged sessions, one paused and resumed, settings on
    /// one, and sessions that overlap the other device's (trimmed by the server, once).
    func recordOffline(_ a: SyncDevice, _ b: SyncDevice) async throws {
        let day = "2026-11-1"
        try await a.run(["focus", "config", "--tz", "Europe/Berlin", "--day-start", "04:00", "--goal", "2h"], now: Self.now)
        for (index, tag) in ["thesis", "math", "reading"].enumerated() {
            try await a.run(["focus", "add", "--start", "\(day)\(index + 2)T09:00:00Z", "--end", "\(day)\(index + 2)T10:30:00Z", "--tag", tag], now: Self.now)
        }
        // A paused session: two stretches, stopped.
        for (command, instant) in [("start", "T13:00:00Z"), ("pause", "T13:40:00Z"), ("resume", "T14:00:00Z"), ("stop", "T14:30:00Z")] {
            let at = try Date("2026-11-15" + instant, strategy: .iso8601)
            try await a.run(["focus", command] + (command == "start" ? ["writing"] : []), now: at)
        }
        for (index, tag) in ["gym", "thesis"].enumerated() {
            // Each overlaps A's session of that day by half an hour (10:00–11:00 against 09:00–10:30).
            try await b.run(["focus", "add", "--start", "\(day)\(index + 2)T10:00:00Z", "--end", "\(day)\(index + 2)T11:00:00Z", "--tag", tag], now: Self.now)
        }
        try await b.run(["focus", "add", "--start", "2026-11-16T20:00:00Z", "--end", "2026-11-16T21:15:00Z", "--tag", "piano"], now: Self.now)
    }

    @Test(arguments: ServerEngine.available, [true, false])
    func twoDevicesThatRecordedOfflineEndWithTheSameRecordsInEitherOrder(engine: ServerEngine, aFirst: Bool) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a"), b = try SyncDevice("b")
        try await recordOffline(a, b)
        try await recordRunsOffline(a, b)
        let fitRun = String(try await runs(of: a)[0].prefix { $0 != "," })
        try await login(a, to: server, create: true)
        try await login(b, to: server, create: false)
        let (first, second) = aFirst ? (a, b) : (b, a)
        let firstSync = try await first.run(["sync"], now: Self.now).output
        #expect(firstSync.hasPrefix("pushed "), "\(firstSync)")
        let secondSync = try await second.run(["sync", "--json"], now: Self.now).output
        let secondReport = try JSONSerialization.jsonObject(with: Data(secondSync.utf8)) as? [String: Any]
        #expect((secondReport?["pushed"] as? Int ?? 0) > 0 && (secondReport?["pulled"] as? Int ?? 0) > 0, "\(secondSync)")
        try await first.run(["sync"], now: Self.now)
        // Nothing is left to push or pull: a sync more changes nothing.
        #expect(try await second.run(["sync"], now: Self.now).output == "pushed 0, pulled 0\n")
        #expect(try await first.run(["sync"], now: Self.now).output == "pushed 0, pulled 0\n")

        let onA = try await a.sessions(now: Self.now), onB = try await b.sessions(now: Self.now)
        let onServer = try await serverSessions(server, token: try token(of: a))
        #expect(onA.count == 7)
        #expect(onA == onB)
        #expect(onA == onServer)
        // Each overlap was trimmed once, from the session pushed second.
        for day in ["2026-11-12", "2026-11-13"] {
            let trimmed = aFirst ? "\(day)T10:30:00Z/\(day)T11:00:00Z" : "\(day)T09:00:00Z/\(day)T10:00:00Z"
            #expect(onA.contains { $0.hasSuffix("," + trimmed) }, "\(onA)")
        }
        // The paused session kept its two stretches.
        #expect(onA.contains { $0.contains(",writing,") && $0.split(separator: " ").count == 2 })
        let reportA = try await report(a), reportB = try await report(b)
        #expect(reportA == reportB)
        #expect(reportA.contains("Europe/Berlin"), "\(reportA)")
        // Both runs on both devices and the server, with the same numbers everywhere.
        let runsOnA = try await runs(of: a)
        #expect(runsOnA.count == 2)
        #expect(runsOnA == (try await runs(of: b)))
        #expect(runsOnA == (try await serverRuns(server, token: try token(of: a))))
        let shownOnA = try await shownRuns(of: a), shownOnB = try await shownRuns(of: b)
        // Every number of `run show` agrees but the FIT file's laps: the server keeps no laps,
        // so only the device that imported the file has them.
        let differences = Set(shownOnA.keys).union(shownOnB.keys).sorted().filter { shownOnA[$0] != shownOnB[$0] }
        #expect(differences == ["\(fitRun).laps"], "\(differences.map { "\($0): \(shownOnA[$0] ?? "-") vs \(shownOnB[$0] ?? "-")" })")
        #expect(shownOnB["\(fitRun).laps"] == "[[]]" && shownOnA["\(fitRun).laps"] != "[[]]")

        // A deletion made through the API reaches both devices.
        let victim = String(onA[0].prefix { $0 != "," })
        #expect(try await server.send("DELETE", "/v1/focus/sessions/\(victim)", token: try token(of: a)).status == 204)
        #expect(try await a.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let afterA = try await a.sessions(now: Self.now), afterB = try await b.sessions(now: Self.now)
        #expect(afterA == Array(onA.dropFirst()))
        #expect(afterA == afterB)
        #expect(afterA == (try await serverSessions(server, token: try token(of: a))))

        // A run deleted on one device is deleted on the server and then on the other.
        let deletedRun = String(runsOnA[0].prefix { $0 != "," })
        try await second.run(["run", "delete", deletedRun], now: Self.now)
        #expect(try await second.run(["sync"], now: Self.now).output == "pushed 1, pulled 0\n")
        #expect(try await first.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let runsAfter = try await runs(of: a)
        #expect(runsAfter == Array(runsOnA.dropFirst()))
        #expect(runsAfter == (try await runs(of: b)))
        #expect(runsAfter == (try await serverRuns(server, token: try token(of: a))))
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aSyncKilledInTheMiddleResumesAndLosesNothing(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a"), b = try SyncDevice("b")
        let sessions = 300
        // A hand-written import: one file, one transaction, `sessions` sessions a minute apart.
        let base = Self.now.addingTimeInterval(-Double(sessions) * 120 - 3600)
        let list = (0..<sessions).map { index -> [String: Any] in
            let start = base.addingTimeInterval(Double(index) * 120)
            return ["id": UUID().uuidString.lowercased(), "tag": "batch",
                    "stopped_at": start.addingTimeInterval(60).formatted(Date.ISO8601FormatStyle()), "segments": [[
                "start": start.formatted(Date.ISO8601FormatStyle()), "end": start.addingTimeInterval(60).formatted(Date.ISO8601FormatStyle())]]]
        }
        let file = URL(fileURLWithPath: a.home).appendingPathComponent("sessions.json")
        try JSONSerialization.data(withJSONObject: ["sessions": list]).write(to: file)
        let imported = try await a.run(["focus", "import", file.path], now: Self.now, expectSuccess: false)
        #expect(imported.status == 0, "\(imported.errors)")
        try await a.run(["run", "import", Self.runFixtures.appendingPathComponent("fenix2-run.fit").path], now: Self.now)
        try await login(a, to: server, create: true)
        try await login(b, to: server, create: false)
        let token = try token(of: a)

        // Kill -9 once the server acknowledged some of the pushes, well before all.
        let (process, _, _) = try a.launch(["sync"], now: Self.now)
        var acknowledged = 0
        while process.isRunning {
            acknowledged = try await serverSessions(server, token: token).count
            if acknowledged >= 20 { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        let partial = try await serverSessions(server, token: token).count
        #expect(partial < sessions, "the sync finished before the kill; nothing was interrupted")

        let resumed = try await a.run(["sync", "--json"], now: Self.now).output
        let report = try JSONSerialization.jsonObject(with: Data(resumed.utf8)) as? [String: Any]
        // Pushes the kill interrupted before their answers were recorded are pushed again (idempotent).
        let pushed = report?["pushed"] as? Int ?? 0
        #expect(pushed >= sessions + 1 - partial && pushed <= sessions + 1, "\(resumed), \(partial) on the server at the kill")
        let pulledByB = try await b.run(["sync"], now: Self.now).output
        #expect(pulledByB == "pushed 0, pulled \(sessions + 1)\n")
        #expect(try await runs(of: a).count == 1)
        #expect(try await runs(of: a) == (try await runs(of: b)))
        #expect(try await runs(of: a) == (try await serverRuns(server, token: token)))
        let onA = try await a.sessions(now: Self.now), onB = try await b.sessions(now: Self.now)
        #expect(onA.count == sessions)
        #expect(onA == onB)
        #expect(onA == (try await serverSessions(server, token: token)))
        #expect(try await self.report(a) == (try await self.report(b)))
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aSessionAnotherDeviceCoversEntirelyIsReportedAndKept(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a"), b = try SyncDevice("b")
        try await a.run(["focus", "add", "--start", "2026-11-17T09:00:00Z", "--end", "2026-11-17T11:00:00Z", "--tag", "thesis"], now: Self.now)
        try await b.run(["focus", "add", "--start", "2026-11-17T09:30:00Z", "--end", "2026-11-17T10:00:00Z", "--tag", "math"], now: Self.now)
        try await login(a, to: server, create: true)
        try await login(b, to: server, create: false)
        #expect(try await a.run(["sync"], now: Self.now).output == "pushed 1, pulled 0\n")
        let first = try await b.run(["sync"], now: Self.now)
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("pushed 0, pulled 1; 1 not accepted: session "), "\(first.output)")
        #expect(first.output.contains("(math)") && first.output.contains("kept here"), "\(first.output)")
        // Kept on B, never on the server, and offered again by the next sync.
        let onB = try await b.sessions(now: Self.now)
        #expect(onB.count == 2 && onB.contains { $0.contains(",math,") })
        #expect(try await serverSessions(server, token: try token(of: a)) == (try await a.sessions(now: Self.now)))
        let again = try await b.run(["sync", "--json"], now: Self.now).output
        let report = try JSONSerialization.jsonObject(with: Data(again.utf8)) as? [String: Any]
        #expect((report?["conflicts"] as? [String])?.count == 1 && report?["pushed"] as? Int == 0, "\(again)")
        await server.stop()
    }

    /// A walk of 30 fixes 10 s apart from 500 m south of `latitude` to its centre, where it stays.
    func walkGPX(to latitude: Double, _ longitude: Double, from start: Date) -> String {
        let points = (0..<30).map { index in
            let fixLatitude = latitude - 0.0045 + Double(min(index, 15)) * 0.0003
            let time = start.addingTimeInterval(Double(index) * 10).formatted(Date.ISO8601FormatStyle())
            return "<trkpt lat=\"\(fixLatitude)\" lon=\"\(longitude)\"><time>\(time)</time></trkpt>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="SyncTests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>

            """
    }

    /// Earns the badges of `places` (name, latitude, longitude, badge) on `device` by replaying a walk into each.
    func earn(_ device: SyncDevice, _ places: [(String, Double, Double, String)], from start: Date) async throws {
        for (index, (name, latitude, longitude, badge)) in places.enumerated() {
            try await device.run(["places", "add", name, "--at", "\(latitude),\(longitude)", "--radius", "100m", "--badge", badge], now: Self.now)
            let track = URL(fileURLWithPath: device.home).appendingPathComponent("\(name).gpx")
            try walkGPX(to: latitude, longitude, from: start.addingTimeInterval(Double(index) * 3600)).write(to: track, atomically: true, encoding: .utf8)
            let watched = try await device.run(["places", "watch", "--replay", track.path, "--speed", "0", "--json"], now: Self.now).output
            #expect(watched.contains("\"badge_awarded\":\"\(badge)\""), "\(watched)")
        }
    }

    @Test(arguments: ServerEngine.available) func badgesEarnedOnTwoDevicesAreUnitedAndTheEarliestAwardIsKept(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a"), b = try SyncDevice("b")
        let cafe = ("Cafe", 37.5665, 126.9780, "coffee"), teahouse = ("Teahouse", 37.5796, 126.9770, "tea")
        try await earn(a, [cafe], from: try Date("2026-11-16T10:00:00Z", strategy: .iso8601))
        try await earn(b, [cafe, teahouse], from: try Date("2026-11-17T10:00:00Z", strategy: .iso8601))
        try await login(a, to: server, create: true)
        try await login(b, to: server, create: false)
        // B first: the server learns B's later coffee (and its two places), then A's earlier one
        // replaces it everywhere. A's Cafe is B's, to the metre: pushed, but no change for B.
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 4, pulled 0\n")
        #expect(try await a.run(["sync"], now: Self.now).output == "pushed 2, pulled 2\n")
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let placesOnA = try await a.run(["places", "list", "--json"], now: Self.now).output
        #expect(placesOnA == (try await b.run(["places", "list", "--json"], now: Self.now).output))
        #expect(placesOnA.contains("Teahouse"))

        let onA = try await a.run(["badges", "--json"], now: Self.now).output, onB = try await b.run(["badges", "--json"], now: Self.now).output
        #expect(onA == onB)
        let badges = try JSONSerialization.jsonObject(with: Data(onA.utf8)) as? [[String: Any]] ?? []
        #expect(badges.compactMap { $0["badge"] as? String } == ["coffee", "tea"])
        #expect((badges.first?["earned_at"] as? String)?.hasPrefix("2026-11-16T10:0") == true, "\(onA)")
        let held = try await server.send("GET", "/v1/badges", token: try token(of: a))
        let onServer = (held.json["badges"] as? [[String: Any]]) ?? ((try? JSONSerialization.jsonObject(with: held.body)) as? [[String: Any]] ?? [])
        #expect(onServer.map { "\($0["badge"] ?? "")@\($0["earned_at"] ?? "")" } == badges.map { "\($0["badge"] ?? "")@\($0["earned_at"] ?? "")" })

        // A place removed on one device is removed on the server and then on the other.
        try await b.run(["places", "remove", "Teahouse"], now: Self.now)
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 1, pulled 0\n")
        #expect(try await a.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        let remaining = try await a.run(["places", "list", "--json"], now: Self.now).output
        #expect(remaining == (try await b.run(["places", "list", "--json"], now: Self.now).output))
        #expect(remaining.contains("Cafe") && !remaining.contains("Teahouse"), "\(remaining)")
        let placesOnServer = try await server.send("GET", "/v1/places", token: try token(of: a)).json["places"] as? [[String: Any]] ?? []
        #expect(placesOnServer.compactMap { $0["name"] as? String } == ["Cafe"])
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aSyncWithTheServerDownOrTheTokenRevokedFailsAndChangesNothing(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a")
        try await a.run(["focus", "add", "--start", "2026-11-17T09:00:00Z", "--end", "2026-11-17T10:00:00Z", "--tag", "thesis"], now: Self.now)
        try await login(a, to: server, create: true)
        let token = try token(of: a)
        #expect(try await server.send("DELETE", "/v1/tokens/current", token: token).status == 204)
        let revoked = try await a.run(["sync"], now: Self.now, expectSuccess: false)
        #expect(revoked.status == 1 && revoked.errors.contains("tempo login"), "\(revoked.errors)")
        #expect(revoked.errors.split(separator: "\n").count == 1)

        try await login(a, to: server, create: false)
        await server.stop()
        let before = try await a.sessions(now: Self.now)
        try await a.run(["focus", "add", "--start", "2026-11-17T11:00:00Z", "--end", "2026-11-17T12:00:00Z"], now: Self.now)
        let down = try await a.run(["sync"], now: Self.now, expectSuccess: false)
        #expect(down.status == 1 && down.errors.contains("cannot reach"), "\(down.errors)")
        let after = try await a.sessions(now: Self.now)
        #expect(after.count == before.count + 1)
        #expect(Set(before).isSubset(of: Set(after)))
    }
}
