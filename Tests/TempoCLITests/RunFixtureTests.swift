import Foundation
import Testing

/// `tempo run summary` on every real fixture, against the README's independent references.
@Suite struct RunFixtureTests {
    private func summary(_ file: String, _ extra: [String] = []) throws -> [String: Any] {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let result = try tempo.run(["run", "summary", RunFixtures.path(file), "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.json() as? [String: Any])
    }

    @Test(arguments: RunFixtures.referenceDistances)
    func distanceEqualsTheGeodesicReference(file: String, meters: Double) throws {
        let json = try summary(file)
        let dropped = try #require(json["dropped"] as? [String: Int])
        let distance = try #require(json["distance_m"] as? Double)
        let unfiltered = try #require(json["unfiltered_distance_m"] as? Double)
        let points = try #require(json["points"] as? Int), accepted = try #require(json["accepted_points"] as? Int)
        // The track as drawn always measures the reference (0.01 %).
        #expect(abs(unfiltered - meters) <= meters * 1e-4, "\(file): \(unfiltered) m, reference \(meters) m")
        if dropped.isEmpty {
            // Distance is measured along the smoothed path, so a real device's noise is not
            // counted: within 1 % of the track as drawn (clean tracks measure it exactly: RunMotionModelTests).
            #expect(abs(distance - meters) <= meters * 0.01, "\(file): \(distance) m, reference \(meters) m")
            #expect(points == accepted)
        } else {
            // Every fix that does not count is accounted for by reason.
            #expect(points == accepted + dropped.values.reduce(0, +), "\(file): \(dropped)")
            #expect(distance < unfiltered)
        }
    }

    @Test func devicePointCountsAreRead() throws {
        #expect(try summary("fenix2-run.fit")["points"] as? Int == 2809)
        #expect(try summary("forerunner110-run.fit")["points"] as? Int == 583)
        #expect(try summary("run-3laps.tcx")["points"] as? Int == 383)
        #expect(try summary("hike-4tracks.gpx")["points"] as? Int == 871)
    }

    /// hike-4tracks.gpx has 4 `<trk>`s, the first with only an empty `<trkseg>`: 3 segments carry
    /// fixes, and they are not bridged (the unfiltered distance, checked above, is the sum within
    /// segments; bridging them would add the gaps between the tracks).
    @Test func fourTracksAreNotBridged() throws {
        let json = try summary("hike-4tracks.gpx")
        #expect(json["segments"] as? Int == 3)
        let distance = try #require(json["unfiltered_distance_m"] as? Double)
        #expect(abs(distance - 14914.28) < 1.5)
    }

    @Test func theFileWithoutTimesStillGivesDistance() throws {
        let json = try summary("hike-8tracks-no-times.gpx")
        #expect(abs((json["distance_m"] as? Double ?? 0) - 4576.91) < 0.5)
        #expect((json["dropped"] as? [String: Int])?.isEmpty == true)
    }

    @Test func aFileWithNoTimeAtAllHasNullTimes() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = tempo.directory.appendingPathComponent("untimed.gpx")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="46.05" lon="14.5"></trkpt><trkpt lat="46.06" lon="14.5"></trkpt><trkpt lat="46.07" lon="14.51"></trkpt>
            </trkseg></trk></gpx>
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try tempo.run("run", "summary", file.path, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try result.json() as? [String: Any])
        for key in ["elapsed_s", "timer_s", "moving_s", "avg_pace_s_per_km", "elevation_gain_m", "elevation_loss_m"] {
            #expect(json[key] is NSNull, "\(key) should be null")
        }
        #expect((json["distance_m"] as? Double ?? 0) > 2000)
        let splits = try #require(json["splits"] as? [[String: Any]])
        #expect(splits.count == 3)
        #expect(splits.allSatisfy { $0["elapsed_s"] is NSNull && $0["pace_s_per_km"] is NSNull })
    }

    @Test func emptySegmentAndByteOrderMarkAreFine() throws {
        let empty = try summary("empty-segment.gpx")
        #expect(empty["segments"] as? Int == 1)
        let bom = try summary("unicode-bom.gpx")
        #expect(bom["points"] as? Int == 0)
        #expect(bom["distance_m"] as? Double == 0)
    }

    /// The device wrote 64 m of ascent and 61 m of descent; raw summation gives about 257 m.
    @Test func fenixElevationIsWithin30PercentOfTheDevice() throws {
        let json = try summary("fenix2-run.fit")
        let gain = try #require(json["elevation_gain_m"] as? Double), loss = try #require(json["elevation_loss_m"] as? Double)
        #expect(abs(gain - 64) <= 0.3 * 64, "gain \(gain)")
        #expect(abs(loss - 61) <= 0.3 * 61, "loss \(loss)")
    }

    @Test func summaryJSONHasEveryField() throws {
        let json = try summary("run-3laps.tcx", ["--splits", "mi"])
        for key in ["points", "segments", "distance_m", "elapsed_s", "timer_s", "moving_s", "avg_pace_s_per_km",
                    "elevation_gain_m", "elevation_loss_m", "splits", "laps", "best_efforts", "dropped"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let splits = try #require(json["splits"] as? [[String: Any]])
        #expect(splits.count == 3)
        #expect(abs((splits[0]["distance_m"] as? Double ?? 0) - 1609.344) < 1e-6)
        for split in splits {
            for key in ["index", "distance_m", "elapsed_s", "moving_s", "pace_s_per_km"] { #expect(split[key] != nil) }
        }
        // The file's 3 laps of 1 mile, 1 mile and the rest (TCX laps: 1609.34, 1609.34, 1470.55 m by the device).
        let laps = try #require(json["laps"] as? [[String: Any]])
        #expect(laps.count == 3)
        let lapTotal = laps.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
        #expect(abs(lapTotal - (json["distance_m"] as? Double ?? 0)) < 1e-6)
        let efforts = try #require(json["best_efforts"] as? [[String: Any]])
        #expect(efforts.compactMap { $0["distance_m"] as? Double } == [400, 1000, 1609.344])
        for effort in efforts { for key in ["distance_m", "elapsed_s", "start_offset_s"] { #expect(effort[key] != nil) } }
    }

    @Test func brokenInputNamesTheFileAndPlaceAndExits1() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let truncated = tempo.directory.appendingPathComponent("truncated.fit")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: RunFixtures.path("fenix2-run.fit")))
        try bytes.prefix(5000).write(to: truncated)
        let result = try tempo.run("run", "summary", truncated.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains(truncated.path))
        let xml = tempo.directory.appendingPathComponent("broken.gpx")
        try "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></gpx>".write(to: xml, atomically: true, encoding: .utf8)
        let broken = try tempo.run("run", "summary", xml.path)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(xml.path) && broken.stderr.contains("line"))
    }
}
