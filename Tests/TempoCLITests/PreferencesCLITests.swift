import Foundation
import Testing

/// `config.toml` and `--units`: the built binary with a temporary `XDG_CONFIG_HOME`.
@Suite struct PreferencesCLITests {
    @Test func imperialConfigPrintsMilesFeetAndMinutesPerMile() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("units = \"imperial\"\nzone = \"UTC\"\n")
        let text = try tempo.run("run", "summary", RunFixtures.path("fenix2-run.fit"))
        #expect(text.status == 0, "\(text.stderr)")
        let json = try #require(try tempo.run("run", "summary", RunFixtures.path("fenix2-run.fit"), "--json").json() as? [String: Any])
        let meters = try #require(json["distance_m"] as? Double)
        // 1 mi = 1609.344 m, 1 ft = 0.3048 m (international definitions).
        #expect(text.stdout.contains(String(format: "Distance          %.2f mi", meters / 1609.344)), "\(text.stdout)")
        let gain = try #require(json["elevation_gain_m"] as? Double), loss = try #require(json["elevation_loss_m"] as? Double)
        #expect(text.stdout.contains(String(format: "%.0f ft / %.0f ft", gain / 0.3048, loss / 0.3048)))
        #expect(text.stdout.contains("Split (mi)"))
        #expect(text.stdout.contains(" /mi"))
        // Only the best efforts' standard names ("1 km", "5 km") keep kilometres.
        #expect(!text.stdout.components(separatedBy: "Best effort")[0].contains(" km"), "\(text.stdout)")
        // JSON keeps SI: the imperial splits are cut every 1609.344 m.
        #expect(json["split_unit"] as? String == "km")
        let mi = try #require(try tempo.run("run", "summary", RunFixtures.path("fenix2-run.fit"), "--json", "--splits", "mi").json() as? [String: Any])
        let splits = try #require(mi["splits"] as? [[String: Any]])
        #expect(abs((splits[0]["distance_m"] as? Double ?? 0) - 1609.344) < 1e-6)

        // --units overrides the file.
        let metric = try tempo.run("run", "summary", RunFixtures.path("fenix2-run.fit"), "--units", "metric")
        #expect(metric.stdout.contains(String(format: "Distance          %.2f km", meters / 1000)), "\(metric.stdout)")
        #expect(metric.stdout.contains("Split (km)"))
        #expect(metric.stdout.contains(" /km"))
    }

    /// `--splits mi` under metric units still cuts at exactly a mile and prints the split in miles.
    @Test func mileSplitsAreCutAtAMileAndPrintedPerMile() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let json = try #require(try tempo.run("run", "summary", RunFixtures.path("run-3laps.tcx"), "--splits", "mi", "--json").json() as? [String: Any])
        let splits = try #require(json["splits"] as? [[String: Any]])
        let total = try #require(json["distance_m"] as? Double)
        #expect(splits.count == Int((total / 1609.344).rounded(.up)))
        for split in splits.dropLast() { #expect(abs((split["distance_m"] as? Double ?? 0) - 1609.344) < 1e-6) }
        let text = try tempo.run("run", "summary", RunFixtures.path("run-3laps.tcx"), "--splits", "mi")
        let rows = text.stdout.split(separator: "\n").drop { !$0.hasPrefix("Split (mi)") }.dropFirst().prefix(splits.count - 1)
        #expect(rows.count == splits.count - 1)
        for row in rows { #expect(row.contains("1.00 mi") && row.contains(" /mi"), "\(row)") }
        // The headline stays in the configured (metric) units.
        #expect(text.stdout.contains(String(format: "Distance          %.2f km", total / 1000)))
    }

    @Test(arguments: [
        ("units = \"furlongs\"\n", 1, "units: \"furlongs\" is not metric or imperial"),
        ("# mine\nzone = \"Mars/Olympus\"\n", 2, "zone:"),
        ("units = \"metric\"\nunit = \"imperial\"\n", 2, "unit: unknown key"),
        ("\n\n[timer]\nnotify = \"yes\"\n", 4, "timer.notify: must be true or false"),
        ("goal = \"lots\"\n", 1, "goal:"),
        ("goal = \"0\"\n", 1, "goal: a goal must be more than 0"),
        ("units = \"metric\n", 1, ""),
    ])
    func badConfigIsOneLineNamingFileLineAndKey(text: String, line: Int, message: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig(text)
        let result = try tempo.run("run", "summary", RunFixtures.path("run-3laps.tcx"))
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("tempo: \(tempo.configPath):\(line): \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A command that shows no units or times does not read the file (a broken file does not stop it).
    @Test func commandsWithoutUnitsOrTimesDoNotReadTheConfig() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("units = 3\n")
        #expect(try tempo.run("run", "summary", RunFixtures.path("run-3laps.tcx"), "--json").status == 0)
        #expect(try tempo.run("places", "list", "--json").status == 0)
    }

    @Test func timerNotifyAndFocusDefaultsAreRead() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("zone = \"Asia/Seoul\"\nday_start = \"04:00\"\ngoal = \"2h\"\n\n[timer]\nnotify = true\n")
        let config = try #require(try tempo.run(["focus", "config", "--json"], environment: ["TEMPO_NOW": "2026-11-20T12:00:00Z"]).json() as? [String: Any])
        #expect(config["tz"] as? String == "Asia/Seoul")
        #expect(config["day_start"] as? String == "04:00")
        #expect(config["goal_s"] as? Double == 7200)
        // What `focus config` stores wins over the file.
        _ = try tempo.run(["focus", "config", "--goal", "none"], environment: ["TEMPO_NOW": "2026-11-20T12:00:00Z"])
        let changed = try #require(try tempo.run(["focus", "config", "--json"], environment: ["TEMPO_NOW": "2026-11-20T12:00:00Z"]).json() as? [String: Any])
        #expect(changed["goal_s"] is NSNull)
    }
}
