import Foundation
import Testing

/// One time convention: text shows local times in the configured zone (offset added in a DST
/// fold), JSON keeps UTC instants. References from Python's zoneinfo:
///   datetime(2026,11,1,5,30,tzinfo=utc).astimezone(ZoneInfo("America/New_York")) → 01:30-04:00 (fold 0)
///   datetime(2026,11,1,6,30,tzinfo=utc).astimezone(ZoneInfo("America/New_York")) → 01:30-05:00 (fold 1)
///   datetime(2026,11,1,4,30,tzinfo=utc).astimezone(ZoneInfo("America/New_York")) → 00:30-04:00 (not ambiguous)
@Suite struct LocalTimeCLITests {
    @Test(arguments: [
        ("2026-11-01T05:30:00Z", "2026-11-01 01:30:00 -04:00"),
        ("2026-11-01T06:30:00Z", "2026-11-01 01:30:00 -05:00"),
        ("2026-11-01T04:30:00Z", "2026-11-01 00:30:00"),
    ])
    func timerListShowsTheConfiguredZoneWithTheOffsetInAFold(now: String, shown: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("zone = \"America/New_York\"\n")
        #expect(try tempo.run(["timer", "start", "25m", "--label", "tea"], environment: ["TEMPO_NOW": now]).status == 0)
        // Listed the next day, so the date is shown as well.
        let list = try tempo.run(["timer", "list"], environment: ["TEMPO_NOW": "2026-11-02T12:00:00Z"])
        #expect(list.status == 0, "\(list.stderr)")
        let row = try #require(list.stdout.split(separator: "\n").first { $0.contains("tea") })
        #expect(row.hasSuffix(shown), "\(row)")
    }

    /// `run list` and `run show`: the start in the zone; `--json` keeps the UTC instant.
    @Test func runListShowsLocalStartsAndJSONKeepsUTC() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("zone = \"Asia/Seoul\"\n")
        #expect(try tempo.run(["run", "import", RunFixtures.path("run-3laps.tcx")], environment: ["TEMPO_NOW": "2026-11-20T12:00:00Z"]).status == 0)
        let json = try #require(try tempo.run("run", "list", "--json").json() as? [[String: Any]])
        let started = try #require(json.first?["started_at"] as? String)
        #expect(started.hasSuffix("Z"))
        let instant = try #require(ISO8601DateFormatter().date(from: started))
        // Asia/Seoul has been UTC+9 without DST since 1988 (zoneinfo).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let text = try tempo.run("run", "list")
        #expect(text.stdout.contains(formatter.string(from: instant)), "\(text.stdout)")
        #expect(!text.stdout.contains("UTC"))
        // The summary names the start, too.
        let shown = try tempo.run("run", "show", String((json.first?["id"] as? String ?? "").prefix(8)))
        #expect(shown.stdout.contains("Started           " + formatter.string(from: instant)), "\(shown.stdout)")
    }

    @Test func badgesAndPlaceEventsAreLocal() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("zone = \"Asia/Seoul\"\n")
        #expect(try tempo.run("places", "add", "Busan", "--at", "35.1796,129.0756", "--radius", "15km").status == 0)
        #expect(try tempo.run("places", "add", "Jagalchi", "--at", "35.0966,129.0306", "--radius", "1km", "--spot", "Busan",
                              "--badge", "fish-market").status == 0)
        let track = tempo.file("walk.gpx")
        try Data("""
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="35.1500" lon="129.0500"><time>2026-11-20T01:00:00Z</time></trkpt>
            <trkpt lat="35.0966" lon="129.0306"><time>2026-11-20T01:10:00Z</time></trkpt>
            <trkpt lat="35.0967" lon="129.0306"><time>2026-11-20T01:10:05Z</time></trkpt>
            </trkseg></trk></gpx>
            """.utf8).write(to: URL(fileURLWithPath: track))
        let watch = try tempo.run("places", "watch", "--replay", track, "--speed", "0")
        #expect(watch.status == 0, "\(watch.stderr)")
        // 01:10:00Z is 10:10:00 in Seoul (UTC+9).
        #expect(watch.stdout.contains("2026-11-20 10:10:0"), "\(watch.stdout)")
        #expect(!watch.stdout.contains("Z "))
        let badges = try tempo.run("badges")
        #expect(badges.stdout.contains("2026-11-20 10:10:0"), "\(badges.stdout)")
        #expect(try tempo.run("badges", "--json").stdout.contains("2026-11-20T01:10:0"))
    }
}
