import Foundation

/// The real workout files in `Tests/Fixtures/runs`, with the reference values of their README:
/// geodesic distances summed with GeographicLib (Karney, WGS84) within each segment, and the
/// devices' own totals.
enum RunFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/runs")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// File → GeographicLib distance (metres, README, rounded to the centimetre).
    static let referenceDistances: [(file: String, meters: Double)] = [
        ("fenix2-run.fit", 9021.64), ("forerunner110-run.fit", 4788.71), ("run-3laps.tcx", 4688.71),
        ("hike-4tracks.gpx", 14914.28), ("hike-8tracks.gpx", 4576.91), ("empty-segment.gpx", 85.99),
        // Same track as hike-8tracks.gpx without times / without elevations.
        ("hike-8tracks-no-times.gpx", 4576.91), ("hike-8tracks-no-elevation.gpx", 4576.91),
    ]
}
