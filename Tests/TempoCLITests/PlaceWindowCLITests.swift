import Foundation
import Testing

/// `tempo places add --from/--until`, the windows in `places list`, GeoJSON import and export,
/// and `places watch` honouring a window.
@Suite(.serialized) struct PlaceWindowCLITests {
    func list(_ cli: PlaceCLI) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(try cli.run(["places", "list", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
    }

    @Test func addTakesAWindowAndListShowsItLocallyAndJSONInUTC() throws {
        let cli = try PlaceCLI()
        try FileManager.default.createDirectory(at: cli.directory.appendingPathComponent("config/tempo"), withIntermediateDirectories: true)
        _ = try cli.write("config/tempo/config.toml", "zone = \"Asia/Seoul\"\n")
        #expect(try cli.run(["places", "add", "Seoul", "--at", "37.5665,126.9780", "--radius", "3km"]).status == 0)
        let added = try cli.run(["places", "add", "Gyeongbokgung", "--at", "37.5796,126.9770", "--radius", "800m", "--spot", "Seoul",
                                 "--badge", "palace", "--from", "2026-12-01T09:00+09:00", "--until", "2026-12-03T18:00:00+09:00"])
        #expect(added.status == 0, "\(added.stderr)")
        let places = try list(cli)
        #expect(places.first?["active_from"] is NSNull || places.first?["active_from"] == nil)
        #expect(places.last?["active_from"] as? String == "2026-12-01T00:00:00Z")
        #expect(places.last?["active_until"] as? String == "2026-12-03T09:00:00Z")
        let table = try cli.run(["places", "list"]).stdout
        // Text in the configured zone (Seoul, UTC+9 all year), JSON in UTC.
        #expect(table.contains("FROM") && table.contains("2026-12-01 09:00:00") && table.contains("2026-12-03 18:00:00"), "\(table)")
    }

    @Test func anEmptyWindowOrALocalTimeIsAUsageError() throws {
        let cli = try PlaceCLI()
        let backwards = try cli.run(["places", "add", "Seoul", "--at", "37.5665,126.9780", "--radius", "3km",
                                     "--from", "2026-12-02T00:00Z", "--until", "2026-12-02T09:00+09:00"])
        #expect(backwards.status == 64)
        #expect(backwards.stderr.contains("--until 2026-12-02T09:00+09:00") && backwards.stderr.contains("--from 2026-12-02T00:00Z"),
                "\(backwards.stderr)")
        let local = try cli.run(["places", "add", "Seoul", "--at", "37.5665,126.9780", "--radius", "3km", "--from", "2026-12-02T09:00"])
        #expect(local.status == 64)
        #expect(local.stderr.contains("offset"), "\(local.stderr)")
        #expect(try list(cli).isEmpty)
    }

    @Test func geoJSONCarriesWindowsThroughExportAndImport() throws {
        let cli = try PlaceCLI()
        let file = try cli.write("windows.geojson", """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.978, 37.5665]},
             "properties": {"name": "Seoul", "radius_m": 3000, "active_from": "2026-12-01T09:00+09:00"}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.977, 37.5796]},
             "properties": {"name": "Gyeongbokgung", "radius_m": 800, "spot": "Seoul", "badge": "palace",
                            "active_from": "2026-12-01T00:00:00Z", "active_until": "2026-12-03T09:30:00.5Z"}}
            ]}
            """)
        #expect(try cli.run(["places", "import", file]).status == 0)
        let exported = try cli.run(["places", "export"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("\"active_until\" : \"2026-12-03T09:30:00.500Z\""), "\(exported.stdout)")
        let other = try PlaceCLI()
        #expect(try other.run(["places", "import", try other.write("again.geojson", exported.stdout)]).status == 0)
        let before = try cli.run(["places", "list", "--json"]).stdout, after = try other.run(["places", "list", "--json"]).stdout
        #expect(before == after)
        #expect(before.contains("2026-12-01T00:00:00Z"))
        // Importing the export into the same store changes nothing.
        let again = try cli.run(["places", "import", try cli.write("same.geojson", exported.stdout)])
        #expect(again.stdout.contains("0 added, 0 updated, 2 unchanged"), "\(again.stdout)")
        let bad = try other.write("bad.geojson", """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.978, 37.5665]},
             "properties": {"name": "Busan", "radius_m": 3000, "active_from": "2026-12-02T00:00Z", "active_until": "2026-12-01T00:00Z"}}]}
            """)
        let refused = try other.run(["places", "import", bad])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("feature 0") && refused.stderr.contains("active_until"), "\(refused.stderr)")
    }

    /// Standing inside a landmark while its window opens: one `satisfied`, at the first fix at or
    /// after `active_from`, and its badge then; nothing when the window closes.
    @Test func watchReportsAWindowOpeningWhileInsideOnce() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "add", "Seoul", "--at", "37.5665,126.9780", "--radius", "3km"]).status == 0)
        #expect(try cli.run(["places", "add", "Gyeongbokgung", "--at", "37.5796,126.9770", "--radius", "800m", "--spot", "Seoul",
                             "--badge", "palace", "--from", "2026-12-01T09:00:30+09:00", "--until", "2026-12-01T09:02:00+09:00"]).status == 0)
        var gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="PlaceWindowCLITests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>

            """
        for second in stride(from: 0, to: 180, by: 10) {
            let time = String(format: "2026-12-01T00:%02d:%02dZ", second / 60, second % 60)
            gpx += "<trkpt lat=\"37.5797\" lon=\"126.9771\"><time>\(time)</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        let result = try cli.run(["places", "watch", "--replay", try cli.write("stay.gpx", gpx), "--speed", "0", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try PlaceCLI.jsonLines(result.stdout)
        #expect(events.map { "\($0["identifier"] ?? "") \($0["state"] ?? "") \($0["time"] ?? "")" } == [
            "Seoul satisfied 2026-12-01T00:00:00Z",
            "Gyeongbokgung satisfied 2026-12-01T00:00:30Z",
        ])
        #expect(events.last?["badge_awarded"] as? String == "palace")
    }
}
