import Foundation
import Testing

/// `tempo run record --places`: the run and the places monitor see the same fixes.
@Suite(.timeLimit(.minutes(2)))
struct RunPlacesTests {
    @Test func recordingARunReportsPlacesAndAwardsEachBadgeOnce() throws {
        let cli = try PlaceCLI()
        #expect(try cli.run(["places", "import", try cli.write("seoul.geojson", PlaceCLI.tripGeoJSON())]).status == 0)
        let track = try cli.write("trip.gpx", PlaceCLI.tripGPX())

        let first = try cli.run(["run", "record", "--replay", track, "--speed", "0", "--places", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        // With --json the run's document owns standard output; place events are JSON lines on standard error.
        let run = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect((run["distance_m"] as? Double ?? 0) > 0)
        let events = try PlaceCLI.jsonLines(first.stderr)
        let entered = events.filter { $0["state"] as? String == "satisfied" }.compactMap { $0["identifier"] as? String }
        #expect(entered == ["Seoul"] + PlaceCLI.trip.landmarks.map(\.name))
        #expect(events.compactMap { $0["badge_awarded"] as? String } == PlaceCLI.trip.landmarks.map(\.badge))

        let second = try cli.run(["run", "record", "--replay", track, "--speed", "0", "--places", "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try PlaceCLI.jsonLines(second.stderr).allSatisfy { $0["badge_awarded"] == nil })
        let badges = try JSONSerialization.jsonObject(with: Data(try cli.run(["badges", "--json"]).stdout.utf8)) as? [[String: Any]]
        #expect(badges?.count == 25)
    }
}
