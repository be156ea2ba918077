import Foundation
import Testing

/// `tempo places` and `tempo badges` end to end, with the built binary (`swift build` first).
@Suite struct PlaceCLITests {
    @Test func binaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: PlaceCLI.binary.path), "run `swift build` before the tests")
    }

    /// Must show: running `watch` twice on the same track awards no badge twice.
    @Test func watchingTheSameTrackTwiceAwardsNoBadgeTwice() throws {
        let cli = try PlaceCLI()
        let places = try cli.write("seoul.geojson", PlaceCLI.tripGeoJSON())
        let track = try cli.write("trip.gpx", PlaceCLI.tripGPX())
        #expect(try cli.run(["places", "import", places]).status == 0)

        let first = try cli.run(["places", "watch", "--replay", track, "--speed", "0", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let firstEvents = try PlaceCLI.jsonLines(first.stdout)
        let entered = firstEvents.filter { $0["state"] as? String == "satisfied" }.compactMap { $0["identifier"] as? String }
        #expect(entered == ["Seoul"] + PlaceCLI.trip.landmarks.map(\.name), "the spot, then all 25 landmarks in order, each once")
        #expect(firstEvents.compactMap { $0["badge_awarded"] as? String } == PlaceCLI.trip.landmarks.map(\.badge))
        for event in firstEvents {
            #expect(event["time"] is String && event["latitude"] is Double && event["longitude"] is Double)
        }

        let second = try cli.run(["places", "watch", "--replay", track, "--speed", "0", "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        let secondEvents = try PlaceCLI.jsonLines(second.stdout)
        #expect(secondEvents.allSatisfy { $0["badge_awarded"] == nil }, "no badge a second time")
        #expect(!secondEvents.contains { $0["identifier"] as? String == "Seoul" }, "still inside the spot: no duplicate 'entered Seoul'")

        let badges = try JSONSerialization.jsonObject(with: Data(try cli.run(["badges", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(badges?.count == 25)
        #expect(Set(badges?.compactMap { $0["badge"] as? String } ?? []).count == 25)
    }

    /// Restarting mid-track: the first half, then the whole track again — still one badge each.
    @Test func restartingMidTrackAwardsNothingTwice() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "import", try cli.write("seoul.geojson", PlaceCLI.tripGeoJSON())]).status == 0)
        let half = try cli.write("half.gpx", PlaceCLI.tripGPX(0..<1000))
        let whole = try cli.write("whole.gpx", PlaceCLI.tripGPX())
        let first = try PlaceCLI.jsonLines(try cli.run(["places", "watch", "--replay", half, "--speed", "0", "--json"]).stdout)
        let second = try PlaceCLI.jsonLines(try cli.run(["places", "watch", "--replay", whole, "--speed", "0", "--json"]).stdout)
        let awarded = (first + second).compactMap { $0["badge_awarded"] as? String }
        #expect(awarded.count == 25)
        #expect(Set(awarded).count == 25)
    }

    @Test func importIsIdempotentAndABadFileImportsNothing() throws {
        let cli = try PlaceCLI()
        let good = try cli.write("seoul.geojson", PlaceCLI.tripGeoJSON())
        #expect(try cli.run(["places", "import", good]).stdout.contains("26 added"))
        #expect(try cli.run(["places", "import", good]).stdout.contains("0 added, 0 updated, 26 unchanged"))

        let other = try PlaceCLI()
        let bad = try other.write("bad.geojson", """
            {"type": "FeatureCollection", "features": [
            \(PlaceCLI.feature("Busan", 129.0756, 35.1796, 3000, nil, nil)),
            \(PlaceCLI.feature("Haeundae", 129.1604, 35.1587, 1000, "Busan", "beach")),
            \(PlaceCLI.feature("Gwangalli", 129.1186, 35.1532, 1000, "Busan", "bridge")),
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [129.03, 35.10]}, "properties": {"name": "Jagalchi", "spot": "Busan"}},
            \(PlaceCLI.feature("Gamcheon", 129.01, 95.0, 500, "Busan", nil))
            ]}
            """)
        let result = try other.run(["places", "import", bad])
        #expect(result.status == 1)
        #expect(result.stderr.contains("feature 3: 'Jagalchi' has no radius_m property"), "\(result.stderr)")
        #expect(result.stderr.contains("feature 4: 'Gamcheon'"), "\(result.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(try other.run(["places", "list", "--json"]).stdout.utf8)) as? [Any]
        #expect(list?.isEmpty == true, "nothing from the file was imported")
    }

    @Test func addListAndRemove() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "add", "Seoul", "--at", "37.5665,126.9780", "--radius", "3km"]).status == 0)
        #expect(try cli.run(["places", "add", "Gyeongbokgung", "--at", "37.5796,126.9770", "--radius", "800m",
                             "--spot", "Seoul", "--badge", "palace"]).status == 0)
        let list = try JSONSerialization.jsonObject(with: Data(try cli.run(["places", "list", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(list?.map { $0["name"] as? String } == ["Seoul", "Gyeongbokgung"])
        #expect(list?.map { $0["radius_m"] as? Double } == [3000, 800])
        #expect(list?.last?["badge"] as? String == "palace")
        #expect(try cli.run(["places", "add", "X", "--at", "37.5,126.9", "--radius", "2000km"]).status == 64)
        #expect(try cli.run(["places", "add", "X", "--at", "95,126.9", "--radius", "1km"]).status == 64)
        #expect(try cli.run(["places", "add", "Sydney", "--at", "-33.8568,151.2153", "--radius", "2km"]).status == 0,
                "a negative latitude is a value, not an option")
        #expect(try cli.run(["places", "remove", "Sydney"]).status == 0)
        #expect(try cli.run(["places", "remove", "Seoul"]).status == 1, "a spot with landmarks stays")
        #expect(try cli.run(["places", "remove", "Gyeongbokgung"]).status == 0)
        #expect(try cli.run(["places", "remove", "Seoul"]).status == 0)
        #expect(try cli.run(["places", "list"]).stdout.contains("no places yet"))
    }

    @Test func thenRunsACommandPerEventWithTheEventInItsEnvironment() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "import", try cli.write("seoul.geojson", PlaceCLI.tripGeoJSON())]).status == 0)
        let track = try cli.write("start.gpx", PlaceCLI.tripGPX(0..<70))
        let log = cli.directory.appendingPathComponent("events.log").path
        let result = try cli.run(["places", "watch", "--replay", track, "--speed", "0", "--then",
                                  "echo \"$TEMPO_EVENT_IDENTIFIER|$TEMPO_EVENT_STATE|$TEMPO_EVENT_BADGE|$TEMPO_EVENT_TIME\" >> '\(log)'"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("entered Landmark 01 (Seoul) — badge badge-01 earned"))
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["Seoul|satisfied||2026-11-21T10:00:00Z", "Landmark 01|satisfied|badge-01|2026-11-21T10:03:20Z",
                          "Landmark 01|unsatisfied||2026-11-21T10:10:20Z"])
    }

    @Test func watchNeedsExactlyOneSource() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "watch"]).status == 64)
        #expect(try cli.run(["places", "watch", "--nmea", "-", "--replay", "x.gpx"]).status == 64)
    }
}

/// `watch --gpsd HOST:PORT` against a stand-in gpsd: live fixes count, stale ones do not.
@Suite struct PlaceGPSDWatchTests {
    @Test(.timeLimit(.minutes(3)))
    func liveFixesFromGPSDFireEventsAndStaleOnesAreIgnored() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "import", try cli.write("seoul.geojson", PlaceCLI.tripGeoJSON())]).status == 0)
        let now = Date()
        let fixes = PlaceCLI.trip.fixes
        // An hour-old report from the middle of Landmark 01 (stale: more than 30 s old), then the
        // trip's first 70 fixes as if taken during the last few seconds.
        var lines = [PlaceFakeGPSD.tpv(now - 3600, latitude: fixes[40].latitude, longitude: fixes[40].longitude)]
        for (i, fix) in fixes[0..<70].enumerated() {
            lines.append(PlaceFakeGPSD.tpv(now - 5 + Double(i) * 0.01, latitude: fix.latitude, longitude: fix.longitude))
        }
        let gpsd = try PlaceFakeGPSD(lines: lines)
        let result = try cli.run(["places", "watch", "--gpsd", "127.0.0.1:\(gpsd.port)", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try PlaceCLI.jsonLines(result.stdout)
        #expect(events.map { "\($0["identifier"] ?? "") \($0["state"] ?? "")" }
                == ["Seoul satisfied", "Landmark 01 satisfied", "Landmark 01 unsatisfied"])
        #expect(events.first?["accuracy_m"] as? Double == 5, "gpsd's eph is a 95 % radius; the fix keeps half of it")
    }
}
