import Foundation
import TempoFormats
import TempoKit
import Testing

@Suite struct GPXWriterTests {
    @Test(arguments: ["hike-4tracks.gpx", "hike-8tracks.gpx", "hike-8tracks-no-times.gpx", "run-3laps.tcx", "fenix2-run.fit"])
    func writingThenReadingGivesTheSameFixes(file: String) throws {
        let original = try ActivityFile.read(Fixtures.url(file))
        let url = try TempFile.directory().appendingPathComponent("out.gpx")
        try GPXWriter.write(original, to: url)
        let reread = try ActivityFile.read(url)
        try expectSameFixes(original, reread)
    }

    @Test func roundTripKeepsMillisecondsExtensionsAndSmallValues() throws {
        let fixes = [
            LocationFix(
                time: Date(timeIntervalSince1970: 1_700_000_000.123), coordinate: Coordinate(latitude: 0.00001234, longitude: -179.999999999),
                altitudeMeters: -0.5, speedMetersPerSecond: 3.75, courseDegrees: 359.9, heartRateBPM: 151, cadencePerMinute: 87
            ),
            LocationFix(time: nil, coordinate: Coordinate(latitude: -89.123456789012, longitude: 1e-7)),
        ]
        let activity = Activity(segments: [fixes, [fixes[1]]], sport: "running", name: "A & <B>")
        let url = try TempFile.directory().appendingPathComponent("small.gpx")
        try GPXWriter.write(activity, to: url)
        let reread = try ActivityFile.read(url)
        #expect(reread.name == "A & <B>")
        #expect(reread.sport == "running")
        try expectSameFixes(activity, reread)
    }

    private func expectSameFixes(_ a: Activity, _ b: Activity) throws {
        #expect(a.segments.map(\.count) == b.segments.map(\.count))
        for (x, y) in zip(a.allFixes, b.allFixes) {
            #expect(abs(x.latitude - y.latitude) <= 1e-9)
            #expect(abs(x.longitude - y.longitude) <= 1e-9)
            #expect(x.time.map { ($0.timeIntervalSince1970 * 1000).rounded() } == y.time.map { ($0.timeIntervalSince1970 * 1000).rounded() })
            #expect(x.altitudeMeters.map { ($0 * 1e6).rounded() } == y.altitudeMeters.map { ($0 * 1e6).rounded() })
            #expect(x.heartRateBPM == y.heartRateBPM)
            #expect(x.cadencePerMinute == y.cadencePerMinute)
            #expect(x.speedMetersPerSecond == y.speedMetersPerSecond)
            #expect(x.courseDegrees == y.courseDegrees)
        }
    }
}
