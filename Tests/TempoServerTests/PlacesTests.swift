import Foundation
import Testing
import TempoTestSupport

/// Places as a service: the same events and badges as `tempo places watch --json` for the same
/// places and fixes, state kept across batches and restarts, a re-sent batch applied once,
/// validity windows, and badges once ever (with the union of `PUT /v1/badges`).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PlacesTests {
    /// The GeographicLib oracle's trip (Tests/Oracles/places-oracle.json): a spot, 25 landmarks
    /// with badges, 1,985 fixes every 10 s.
    struct Trip: Decodable {
        struct Spot: Decodable { var name: String; var latitude, longitude, radius_m: Double }
        struct Landmark: Decodable { var name, badge: String; var latitude, longitude, radius_m: Double; var first_inside_fix: Int? }
        struct Fix: Decodable { var time, latitude, longitude: Double }
        var spot: Spot
        var landmarks: [Landmark]
        var fixes: [Fix]

        static let shared: Trip = {
            struct File: Decodable { var trip: Trip }
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Oracles/places-oracle.json")
            do {
                return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).trip
            } catch {
                fatalError("cannot read \(url.path): \(error)")
            }
        }()
    }

    static func text(_ seconds: Double) -> String { Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle()) }

    /// The trip there and back (the way back continues the clock), so every landmark is entered,
    /// left and entered again.
    static func roundTrip() -> [Trip.Fix] {
        let there = Trip.shared.fixes
        guard let last = there.last?.time else { return there }
        return there + there.reversed().enumerated().map { offset, fix in
            Trip.Fix(time: last + Double(offset + 1) * 10, latitude: fix.latitude, longitude: fix.longitude)
        }
    }

    /// The places, with windows on some landmarks: opening during the first stay, closing during
    /// it, over before the trip, and opening only on the way back.
    static func places() -> [(name: String, body: [String: Any])] {
        let trip = Trip.shared
        var places: [(String, [String: Any])] = [(trip.spot.name, ["lat": trip.spot.latitude, "lon": trip.spot.longitude,
                                                                   "radius_m": trip.spot.radius_m])]
        let start = trip.fixes[0].time, back = trip.fixes[trip.fixes.count - 1].time
        for (index, landmark) in trip.landmarks.enumerated() {
            var body: [String: Any] = ["lat": landmark.latitude, "lon": landmark.longitude, "radius_m": landmark.radius_m,
                                       "spot": trip.spot.name, "badge": landmark.badge]
            let inside = trip.fixes[landmark.first_inside_fix ?? 0].time
            switch index % 5 {
            case 1: body["active_from"] = text(inside + 35)
            case 2: body["active_until"] = text(inside + 15)
            case 3: body["active_from"] = text(start - 86_400); body["active_until"] = text(start - 3600)
            case 4: body["active_from"] = text(back + 10)
            default: break
            }
            places.append((landmark.name, body))
        }
        return places
    }

    /// The places as GeoJSON for `tempo places import`.
    static func geoJSON(_ places: [(name: String, body: [String: Any])]) throws -> Data {
        let features: [[String: Any]] = places.map { place in
            var properties = place.body.filter { ["radius_m", "spot", "badge", "active_from", "active_until"].contains($0.key) }
            properties["name"] = place.name
            return ["type": "Feature", "geometry": ["type": "Point", "coordinates": [place.body["lon"]!, place.body["lat"]!]],
                    "properties": properties]
        }
        return try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": features])
    }

    static func gpx(_ fixes: [Trip.Fix]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="PlacesTests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>

            """
        for fix in fixes {
            text += "<trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\"><time>\(Self.text(fix.time))</time></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    static func body(_ fixes: ArraySlice<Trip.Fix>) -> [String: Any] {
        ["fixes": fixes.map { ["lat": $0.latitude, "lon": $0.longitude, "time": text($0.time), "accuracy_m": NSNull()] as [String: Any] }]
    }

    /// Runs the CLI on its own database; returns its standard output.
    func tempo(_ arguments: [String], database: String) throws -> String {
        let process = Process()
        process.executableURL = TestServer.binary
        process.arguments = arguments + ["--db", database]
        process.environment = ["HOME": TestDirectory.root.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "tempo \(arguments): \(String(decoding: failure, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }

    /// Events in a comparable order (within one fix the monitor's order is not specified).
    static func sorted(_ events: [[String: Any]]) -> [NSDictionary] {
        events.sorted { a, b in
            let ta = a["time"] as? String ?? "", tb = b["time"] as? String ?? ""
            return ta != tb ? ta < tb : (a["identifier"] as? String ?? "") < (b["identifier"] as? String ?? "")
        }.map { $0 as NSDictionary }
    }

    /// Posts `fixes` in batches of random sizes; returns every event and badge answered.
    func upload(_ fixes: [Trip.Fix], to server: TestServer, token: String, seed: UInt64,
                restartAfter: Int? = nil, restart: () async throws -> TestServer = { fatalError() })
        async throws -> (events: [[String: Any]], badges: [[String: Any]], server: TestServer)
    {
        var random = SameNumbersTests.Random(state: seed)
        var server = server
        var events: [[String: Any]] = [], badges: [[String: Any]] = []
        var start = 0, batches = 0
        while start < fixes.count {
            let end = min(fixes.count, start + Int.random(in: 1...400, using: &random))
            let reply = try await server.send("POST", "/v1/places/fixes", json: Self.body(fixes[start..<end]), token: token)
            #expect(reply.status == 200, "\(reply.text)")
            events += reply.json["events"] as? [[String: Any]] ?? []
            badges += reply.json["badges"] as? [[String: Any]] ?? []
            batches += 1
            if batches == restartAfter {
                await server.crash()
                server = try await restart()
            }
            start = end
        }
        return (events, badges, server)
    }

    @Test(arguments: ServerEngine.available) func theServerAnswersWhatPlacesWatchPrintsForTheSameFixes(engine: ServerEngine) async throws {
        let places = Self.places(), fixes = Self.roundTrip()
        let directory = TestDirectory.root.appendingPathComponent("places-same-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("cli.sqlite").path
        let geojson = directory.appendingPathComponent("places.geojson"), track = directory.appendingPathComponent("trip.gpx")
        try Self.geoJSON(places).write(to: geojson)
        try Data(Self.gpx(fixes).utf8).write(to: track)
        _ = try tempo(["places", "import", geojson.path], database: database)
        let printed = try tempo(["places", "watch", "--replay", track.path, "--speed", "0", "--json"], database: database)
        let cliEvents = try printed.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let cliBadges = try #require(try JSONSerialization.jsonObject(with: Data(try tempo(["badges", "--json"], database: database).utf8))
            as? [[String: Any]])

        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        for place in places {
            let name = place.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? place.name
            let reply = try await server.send("PUT", "/v1/places/\(name)", json: place.body, token: token)
            #expect(reply.status == 201, "\(place.name): \(reply.text)")
        }
        // Killed (SIGKILL) after an answered batch and restarted: the monitor's state comes back
        // from the database, nothing answered is lost or repeated.
        let path = server.databasePath
        let (events, badges, last) = try await upload(fixes, to: server, token: token, seed: 7, restartAfter: 5) {
            try await TestServer.start(engine: engine, databasePath: path)
        }
        #expect(cliEvents.count >= 50, "the round trip enters and leaves most landmarks")
        #expect(cliEvents.contains { $0["state"] as? String == "unsatisfied" })
        #expect(Self.sorted(events) == Self.sorted(cliEvents))
        #expect(badges.count == cliBadges.count)
        let served = try await last.send("GET", "/v1/badges", token: token).json["badges"] as? [[String: Any]] ?? []
        func summary(_ badges: [[String: Any]], _ lat: String, _ lon: String) -> [String] {
            badges.map { "\($0["badge"] ?? "") \($0["place"] ?? "") \($0["earned_at"] ?? "") \($0[lat] ?? "") \($0[lon] ?? "")" }.sorted()
        }
        #expect(summary(served, "lat", "lon") == summary(cliBadges, "latitude", "longitude"))
        #expect(summary(badges, "lat", "lon") == summary(cliBadges, "latitude", "longitude"))
        await last.stop()
    }

    @Test(arguments: ServerEngine.available) func aReSentBatchChangesNothing(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        for place in Self.places().prefix(4) {
            let name = place.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? place.name
            #expect(try await server.send("PUT", "/v1/places/\(name)", json: place.body, token: token).status == 201)
        }
        let fixes = Trip.shared.fixes
        let first = try await server.send("POST", "/v1/places/fixes", json: Self.body(fixes[0..<300]), token: token)
        #expect((first.json["events"] as? [Any])?.isEmpty == false)
        let feed = try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [Any] ?? []
        let again = try await server.send("POST", "/v1/places/fixes", json: Self.body(fixes[0..<300]), token: token)
        #expect(again.status == 200)
        #expect((again.json["events"] as? [Any])?.isEmpty == true && (again.json["badges"] as? [Any])?.isEmpty == true, "\(again.text)")
        #expect((try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [Any] ?? []).count == feed.count)
        // A batch overlapping the last one: only its new fixes count, as if sent once.
        let overlapping = try await server.send("POST", "/v1/places/fixes", json: Self.body(fixes[250..<600]), token: token)
        let reference = try await server.signUp("bea@example.org")
        for place in Self.places().prefix(4) {
            let name = place.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? place.name
            _ = try await server.send("PUT", "/v1/places/\(name)", json: place.body, token: reference)
        }
        let once = try await server.send("POST", "/v1/places/fixes", json: Self.body(fixes[0..<600]), token: reference)
        let split = (first.json["events"] as? [[String: Any]] ?? []) + (overlapping.json["events"] as? [[String: Any]] ?? [])
        #expect(Self.sorted(split) == Self.sorted(once.json["events"] as? [[String: Any]] ?? []))
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func windowsOpenWhileInsideOnceAndCloseInSilence(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        #expect(try await server.send("PUT", "/v1/places/Seoul", json: ["lat": 37.5665, "lon": 126.978, "radius_m": 3000], token: token).status == 201)
        let palace: [String: Any] = ["lat": 37.5796, "lon": 126.977, "radius_m": 800, "spot": "Seoul", "badge": "palace",
                                     "active_from": "2026-12-01T09:00:30+09:00", "active_until": "2026-12-01T09:02:00+09:00"]
        let put = try await server.send("PUT", "/v1/places/Gyeongbokgung", json: palace, token: token)
        #expect(put.status == 201)
        #expect(put.json["active_from"] as? String == "2026-12-01T00:00:30Z")
        #expect(try await server.send("PUT", "/v1/places/Gyeongbokgung", json: palace, token: token).status == 200, "idempotent")
        func stay(_ seconds: StrideTo<Int>, lat: Double = 37.5797) -> [String: Any] {
            ["fixes": seconds.map { ["lat": lat, "lon": 126.9771, "time": String(format: "2026-12-01T00:%02d:%02dZ", $0 / 60, $0 % 60)] }]
        }
        let before = try await server.send("POST", "/v1/places/fixes", json: stay(stride(from: 0, to: 30, by: 10)), token: token)
        #expect((before.json["events"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["Seoul"])
        let opening = try await server.send("POST", "/v1/places/fixes", json: stay(stride(from: 30, to: 150, by: 10)), token: token)
        let events = opening.json["events"] as? [[String: Any]] ?? []
        #expect(events.map { "\($0["identifier"] ?? "") \($0["state"] ?? "") \($0["time"] ?? "") \($0["badge_awarded"] ?? "-")" }
                == ["Gyeongbokgung satisfied 2026-12-01T00:00:30Z palace"])
        #expect((opening.json["badges"] as? [[String: Any]])?.map { $0["badge"] as? String } == ["palace"])
        // Leaving after active_until: silence (Seoul, without a window, still reports its own exit later).
        let away = try await server.send("POST", "/v1/places/fixes", json: stay(stride(from: 150, to: 200, by: 10), lat: 37.70), token: token)
        #expect((away.json["events"] as? [[String: Any]])?.map { "\($0["identifier"] ?? "") \($0["state"] ?? "")" } == ["Seoul unsatisfied"])
        // Out of range values are refused, naming the field.
        var backwards = palace
        backwards["active_until"] = "2026-12-01T09:00:00+09:00"
        let refused = try await server.send("PUT", "/v1/places/Gyeongbokgung", json: backwards, token: token)
        #expect(refused.status == 400 && refused.text.contains("active_until") && refused.text.contains("active_from"), "\(refused.text)")
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func badgesAreEarnedOnceEverAndPutIsAUnionKeepingTheEarliest(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let offline: [String: Any] = ["place": "Gyeongbokgung", "spot": "Seoul", "earned_at": "2026-11-30T10:00:00Z", "lat": 37.58, "lon": 126.977]
        #expect(try await server.send("PUT", "/v1/badges/palace", json: offline, token: token).status == 201)
        var later = offline
        later["earned_at"] = "2026-12-05T10:00:00Z"
        let unchanged = try await server.send("PUT", "/v1/badges/palace", json: later, token: token)
        #expect(unchanged.status == 200 && unchanged.json["earned_at"] as? String == "2026-11-30T10:00:00Z")
        var earlier = offline
        earlier["earned_at"] = "2026-11-29T08:00:00+09:00"
        let replaced = try await server.send("PUT", "/v1/badges/palace", json: earlier, token: token)
        #expect(replaced.status == 200 && replaced.json["earned_at"] as? String == "2026-11-28T23:00:00Z")
        // Entering the landmark now earns nothing: the badge is held already.
        _ = try await server.send("PUT", "/v1/places/Seoul", json: ["lat": 37.5665, "lon": 126.978, "radius_m": 3000], token: token)
        _ = try await server.send("PUT", "/v1/places/Gyeongbokgung",
                                  json: ["lat": 37.5796, "lon": 126.977, "radius_m": 800, "spot": "Seoul", "badge": "palace"], token: token)
        _ = try await server.send("PUT", "/v1/places/Namsan",
                                  json: ["lat": 37.5512, "lon": 126.9882, "radius_m": 500, "spot": "Seoul", "badge": "tower"], token: token)
        let entered = try await server.send("POST", "/v1/places/fixes", json: ["fixes": [
            ["lat": 37.5797, "lon": 126.9771, "time": "2026-12-01T00:00:00Z", "accuracy_m": 5],
            ["lat": 37.5513, "lon": 126.9882, "time": "2026-12-01T00:30:00Z"],
        ]], token: token)
        let events = entered.json["events"] as? [[String: Any]] ?? []
        #expect(events.first { $0["identifier"] as? String == "Gyeongbokgung" }?["badge_awarded"] == nil)
        #expect(events.first { $0["identifier"] as? String == "Namsan" }?["badge_awarded"] as? String == "tower")
        #expect((entered.json["badges"] as? [[String: Any]])?.map { $0["badge"] as? String } == ["tower"])
        let all = try await server.send("GET", "/v1/badges", token: token).json["badges"] as? [[String: Any]] ?? []
        #expect(all.map { "\($0["badge"] ?? "") \($0["earned_at"] ?? "")" } == ["palace 2026-11-28T23:00:00Z", "tower 2026-12-01T00:30:00Z"])
        let kinds = (try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [[String: Any]] ?? []).map { $0["kind"] as? String }
        #expect(kinds.filter { $0 == "badge" }.count == 3, "created, replaced, tower")
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func placesAndFixesAreValidatedAsTheCLIValidates(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let orphan = try await server.send("PUT", "/v1/places/Palace", json: ["lat": 37.5796, "lon": 126.977, "radius_m": 800, "spot": "Seoul"], token: token)
        #expect(orphan.status == 409 && orphan.text.contains("Seoul"), "\(orphan.text)")
        #expect(try await server.send("PUT", "/v1/places/Seoul", json: ["lat": 37.5665, "lon": 126.978, "radius_m": 3000], token: token).status == 201)
        let outside = try await server.send("PUT", "/v1/places/Busan%20Tower", json: ["lat": 35.1, "lon": 129.03, "radius_m": 800, "spot": "Seoul"], token: token)
        #expect(outside.status == 409 && outside.text.contains("outside"), "\(outside.text)")
        #expect(try await server.send("PUT", "/v1/places/X", json: ["lat": 37.5, "lon": 126.9, "radius_m": 0.5], token: token).status == 400)
        let unknown = try await server.send("PUT", "/v1/places/X", json: ["lat": 37.5, "lon": 126.9, "radius_m": 10, "colour": "red"], token: token)
        #expect(unknown.status == 400 && unknown.text.contains("colour"))
        #expect(try await server.send("PUT", "/v1/places/Palace", json: ["lat": 37.5796, "lon": 126.977, "radius_m": 800, "spot": "Seoul"],
                                      token: token).status == 201)
        #expect(try await server.send("DELETE", "/v1/places/Seoul", token: token).status == 409, "a spot with landmarks stays")
        let list = try await server.send("GET", "/v1/places", token: token).json["places"] as? [[String: Any]] ?? []
        #expect(list.map { $0["name"] as? String } == ["Seoul", "Palace"])
        #expect(try await server.send("DELETE", "/v1/places/Palace", token: token).status == 204)
        #expect(try await server.send("GET", "/v1/places/Palace", token: token).status == 404)
        #expect(try await server.send("DELETE", "/v1/places/Palace", token: token).status == 404)

        let bad = try await server.send("POST", "/v1/places/fixes", json: ["fixes": [
            ["lat": 37.5, "lon": 126.9, "time": "2026-12-01T00:00:00Z"],
            ["lat": 37.5, "lon": 126.9, "time": "2026-12-01T00:00:10Z"],
            ["lat": 91, "lon": 126.9, "time": "2026-12-01T00:00:20Z"],
        ]], token: token)
        #expect(bad.status == 400 && bad.text.contains("fixes[2].lat"), "\(bad.text)")
        let local = try await server.send("POST", "/v1/places/fixes", json: ["fixes": [["lat": 37.5, "lon": 126.9, "time": "2026-12-01T09:00"]]], token: token)
        #expect(local.status == 400 && local.text.contains("fixes[0].time"), "\(local.text)")
        let extra = try await server.send("POST", "/v1/places/fixes", json: ["fixes": [], "device": "x"], token: token)
        #expect(extra.status == 400 && extra.text.contains("device"))
        let many = Array(repeating: ["lat": 37.5, "lon": 126.9, "time": "2026-12-01T00:00:00Z"] as [String: Any], count: 10_001)
        let tooMany = try await server.send("POST", "/v1/places/fixes", json: ["fixes": many], token: token)
        #expect(tooMany.status == 400 && tooMany.text.contains("10000"), "\(tooMany.text)")
        await server.stop()
    }
}
