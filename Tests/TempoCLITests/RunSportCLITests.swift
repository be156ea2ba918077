import Foundation
import Testing

/// `sport`, `sport_inferred` and `sports` through the CLI: what files name, what `--sport`
/// overrides, and a multisport file cut at its sessions.
@Suite struct RunSportCLITests {
    /// fenix2-multisport.fit's sessions (fixtures README: sport and device distance; start times
    /// decoded from the session messages independently of Tempo, UTC).
    static let sessions: [(sport: String, start: String, meters: Double)] = [
        ("generic", "2015-08-29T08:00:01Z", 25_072.07), ("transition", "2015-08-29T10:30:24Z", 224.24),
        ("running", "2015-08-29T10:36:00Z", 2_245.23), ("transition", "2015-08-29T11:14:16Z", 3.63),
        ("running", "2015-08-29T11:14:21Z", 12_740.37), ("transition", "2015-08-29T13:07:07Z", 617.55),
        ("cycling", "2015-08-29T13:11:37Z", 28_928.27),
    ]

    private func object(_ result: TempoBinary.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try result.json() as? [String: Any])
    }

    /// A GPX track (4 minutes at 3 m/s, a runner's pace) with the given `<type>`, if any.
    private func gpx(in tempo: TempoBinary, type: String?) throws -> String {
        let points = (0...240).map { second in
            let latitude = 46.05 + Double(second) * 3 / 111_133
            return "<trkpt lat=\"\(latitude)\" lon=\"14.5\"><time>2024-05-01T08:\(String(format: "%02d:%02d", second / 60, second % 60))Z</time></trkpt>"
        }.joined()
        let file = tempo.directory.appendingPathComponent("\(type ?? "untyped").gpx")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk>\(type.map { "<type>\($0)</type>" } ?? "")
            <trkseg>\(points)</trkseg></trk></gpx>
            """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func aGPXTypeNamesTheSport() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let json = try object(tempo.run("run", "summary", try gpx(in: tempo, type: "Ride"), "--json"))
        #expect(json["sport"] as? String == "cycling")
        #expect(json["sport_inferred"] as? Bool == false)
        #expect((json["sports"] as? [Any])?.isEmpty == true)
    }

    @Test func anUntypedFileHasItsSportInferred() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let json = try object(tempo.run("run", "summary", try gpx(in: tempo, type: nil), "--json"))
        #expect(json["sport"] as? String == "running")  // 3 m/s
        #expect(json["sport_inferred"] as? Bool == true)
        #expect((json["sports"] as? [Any])?.isEmpty == true)
    }

    @Test func sportOverridesTheFile() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let ride = try gpx(in: tempo, type: "Ride")
        let summary = try object(tempo.run("run", "summary", ride, "--sport", "Hike", "--json"))
        #expect(summary["sport"] as? String == "hiking")
        #expect(summary["sport_inferred"] as? Bool == false)
        // Imported with it, the stored run keeps it: `run show` reports the same.
        let imported = try #require(try tempo.run("run", "import", ride, "--sport", "walking", "--json").json() as? [[String: Any]])
        let id = try #require(imported.first?["id"] as? String)
        let shown = try object(tempo.run("run", "show", id, "--json"))
        #expect(shown["sport"] as? String == "walking")
        #expect(shown["sport_inferred"] as? Bool == false)
        // A multisport file overridden is one sport throughout.
        let multisport = try object(tempo.run("run", "summary", RunFixtures.path("fenix2-multisport.fit"), "--sport", "run", "--json"))
        #expect(multisport["sport"] as? String == "running")
        #expect((multisport["sports"] as? [Any])?.isEmpty == true)
    }

    @Test func aStoredRunShowsTheSportAsTheSummaryDoes() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for file in [try gpx(in: tempo, type: "Ride"), try gpx(in: tempo, type: nil), RunFixtures.path("run-3laps.tcx")] {
            let summary = try object(tempo.run("run", "summary", file, "--json"))
            let imported = try #require(try tempo.run("run", "import", file, "--json").json() as? [[String: Any]])
            let shown = try object(tempo.run("run", "show", try #require(imported.first?["id"] as? String), "--json"))
            #expect(shown["sport"] as? String == summary["sport"] as? String, "\(file)")
            #expect(shown["sport_inferred"] as? Bool == summary["sport_inferred"] as? Bool, "\(file)")
        }
    }

    @Test(arguments: [
        ["run", "summary", "FILE", "--sport", "quidditch"],
        ["run", "import", "FILE", "--sport", "quidditch"],
        ["run", "record", "--replay", "FILE", "--sport", "quidditch"],
        ["run", "record", "--gpsd", "--sport", "generic"],
    ])
    func anUnknownSportIsAUsageError(arguments: [String]) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = RunFixtures.path("run-3laps.tcx")
        let result = try tempo.run(arguments.map { $0 == "FILE" ? file : $0 })
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        let value = try #require(arguments.last)
        #expect(result.stderr.contains("'\(value)'"))
        for name in ["running", "walking", "hiking", "cycling", "skiing", "swimming"] { #expect(result.stderr.contains(name)) }
        #expect((try tempo.run("run", "list", "--json").json() as? [Any])?.isEmpty == true)
    }

    @Test func aMultisportFileIsCutAtItsSessions() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let json = try object(tempo.run("run", "summary", RunFixtures.path("fenix2-multisport.fit"), "--json"))
        let parts = try #require(json["sports"] as? [[String: Any]])
        try #require(parts.count == Self.sessions.count)
        // The generic session names no sport: its part's is inferred; the others are as named.
        #expect(parts.map { $0["sport_inferred"] as? Bool } == [true, false, false, false, false, false, false])
        #expect(parts.dropFirst().map { $0["sport"] as? String } == Self.sessions.dropFirst().map(\.sport))
        #expect(parts.first?["sport"] as? String == "running")  // 25 km in about 3 h 15 min: over 2 m/s
        // Each part starts at its session (the first at the run's start, before its session's stated start).
        #expect(parts.first?["started_at"] as? String == json["started_at"] as? String)
        #expect(parts.dropFirst().map { $0["started_at"] as? String } == Self.sessions.dropFirst().map(\.start))
        // The device's own distances, within what a different filter and stop detector may
        // reasonably count differently (transitions are mostly standing about).
        for (part, session) in zip(parts, Self.sessions) {
            let meters = try #require(part["distance_m"] as? Double)
            // The second run (a 0.9 m/s walk-run, 2,245 m by the device) is the furthest: Tempo 2,066 m
            // (−8.0 %). The device's figure is its fixes' raw geodesic sum (2,248 m), which at this pace
            // counts their jitter: every other fix alone sums to 2,152 m, and the device's own Doppler
            // speed, integrated over time (trapezoids between records at most 10 s apart), gives
            // 2,083 m (python-fitparse and GeographicLib, 2026-11-26).
            #expect(abs(meters - session.meters) <= max(0.05 * session.meters, 200), "\(session.sport) at \(session.start): \(meters) m")
        }
        let total = parts.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
        #expect(abs(total - (json["distance_m"] as? Double ?? 0)) < 1e-6)
        // Issue 9 asks for the device's sum of sessions within 0.5 %: Tempo is 0.35 % short
        // (69,585 m). The cycling leg loses its position for 35 s (13:58:51 to 13:59:26, no fix): the
        // rider went in at 10.3 m/s and the chord is 161 m, while the device's odometer (the records'
        // `distance`) counted 298 m over the gap, which Tempo takes as the way (python-fitparse and
        // GeographicLib over the records, 2026-11-26). Most of the rest is the second run above and
        // the transitions, walked at 0.3–0.9 m/s, where the device's raw sum counts its jitter.
        #expect(abs(total - 69_831.36) <= 0.005 * 69_831.36)
        let moving = parts.compactMap { $0["moving_s"] as? Double }.reduce(0, +)
        #expect(abs(moving - (json["moving_s"] as? Double ?? 0)) < 1e-6)
        // The run is named by its longest part (by moving time): the generic morning.
        #expect(json["sport"] as? String == "running")
        #expect(json["sport_inferred"] as? Bool == true)
    }

    /// Imported, shown and recorded from a replay, the multisport file is cut into the same parts.
    @Test func aStoredMultisportRunKeepsItsParts() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let file = RunFixtures.path("fenix2-multisport.fit")
        let summary = try object(tempo.run("run", "summary", file, "--json"))
        let imported = try #require(try tempo.run("run", "import", file, "--json").json() as? [[String: Any]])
        let shown = try object(tempo.run("run", "show", try #require(imported.first?["id"] as? String), "--json"))
        let recorded = try object(tempo.run("run", "record", "--replay", file, "--speed", "0", "--json"))
        let expected = try #require(summary["sports"] as? [[String: Any]])
        for json in [shown, recorded] {
            let parts = try #require(json["sports"] as? [[String: Any]])
            try #require(parts.count == expected.count)
            for (part, wanted) in zip(parts, expected) {
                #expect(part["sport"] as? String == wanted["sport"] as? String)
                #expect(part["started_at"] as? String == wanted["started_at"] as? String)
                let a = try #require(part["distance_m"] as? Double), b = try #require(wanted["distance_m"] as? Double)
                #expect(abs(a - b) < 1e-6)
            }
            #expect(json["sport"] as? String == summary["sport"] as? String)
        }
    }
}
