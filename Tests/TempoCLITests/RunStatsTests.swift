import Foundation
import Testing

/// `tempo run stats --by week|month`: totals of the stored runs per period in the configured zone.
@Suite struct RunStatsTests {
    /// Three real files, recorded in 2013 (fenix2: July; forerunner110: February; run-3laps: see JSON):
    /// the periods and sums are checked against `run list --json` and `run show --json`, grouped
    /// here with Foundation's ISO 8601 calendar in UTC.
    @Test(arguments: ["week", "month"])
    func totalsAddUpPerPeriod(by: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.writeConfig("zone = \"UTC\"\n")
        for file in ["fenix2-run.fit", "forerunner110-run.fit", "run-3laps.tcx", "edge500-ride.fit"] {
            #expect(try tempo.run(["run", "import", RunFixtures.path(file)], environment: ["TEMPO_NOW": "2026-11-20T12:00:00Z"]).status == 0)
        }
        let runs = try #require(try tempo.run("run", "list", "--json").json() as? [[String: Any]])
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        var expected: [String: (count: Int, distance: Double, moving: Double, gain: Double)] = [:]
        for run in runs {
            let start = try #require(ISO8601DateFormatter().date(from: run["started_at"] as? String ?? ""))
            let name: String
            if by == "week" {
                let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: start)
                name = String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0)
            } else {
                let parts = calendar.dateComponents([.year, .month], from: start)
                name = String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
            }
            let shown = try #require(try tempo.run("run", "show", run["id"] as? String ?? "", "--json").json() as? [String: Any])
            var totals = expected[name] ?? (0, 0, 0, 0)
            totals.count += 1
            totals.distance += run["distance_m"] as? Double ?? 0
            totals.moving += run["moving_s"] as? Double ?? 0
            totals.gain += shown["elevation_gain_m"] as? Double ?? 0
            expected[name] = totals
        }
        let stats = try #require(try tempo.run("run", "stats", "--by", by, "--json").json() as? [[String: Any]])
        #expect(stats.count == expected.count)
        #expect(stats.compactMap { $0["period"] as? String } == expected.keys.sorted())
        for period in stats {
            let reference = try #require(expected[period["period"] as? String ?? ""])
            #expect(period["count"] as? Int == reference.count)
            #expect(abs((period["distance_m"] as? Double ?? 0) - reference.distance) < 1e-6)
            #expect(abs((period["moving_s"] as? Double ?? 0) - reference.moving) < 1e-6)
            #expect(abs((period["elevation_gain_m"] as? Double ?? 0) - reference.gain) < 1e-6)
        }
        let text = try tempo.run("run", "stats", "--by", by, "--units", "imperial")
        #expect(text.stdout.hasPrefix(by == "week" ? "Week" : "Month"))
        #expect(text.stdout.contains(" mi "))
        #expect(text.stdout.contains(" ft"))
    }
}
