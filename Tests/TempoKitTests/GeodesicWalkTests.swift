import Foundation
import Testing
import TempoKit

/// `GeodesicWalk` along the walks of `Tests/Fixtures/geodesic_walks.csv`: 4 × 3,000 points with
/// GPS-like steps and a few long jumps, in mid latitudes, across a pole, across the antimeridian
/// and on the equator, each step measured by GeographicLib (PyPI `geographiclib` 2.1) with
/// `python3 Tests/Oracles/geodesic_walks.py > Tests/Fixtures/geodesic_walks.csv`.
@Suite struct GeodesicWalkTests {
    struct Row {
        var walk: String
        var coordinate: Coordinate
        var stepMeters: Double?
    }

    static let rows: [Row] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/geodesic_walks.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let lat = Double(fields[1]), let lon = Double(fields[2]) else { return nil }
            return Row(walk: fields[0], coordinate: Coordinate(latitude: lat, longitude: lon), stepMeters: Double(fields[3]))
        }
    }()

    @Test func everyStepAgreesWithGeographicLib() {
        #expect(Self.rows.count == 12_000)
        var walk = GeodesicWalk()
        var name = ""
        var worst = 0.0
        var total = 0.0, reference = 0.0
        for row in Self.rows {
            if row.walk != name {
                walk.restart()
                name = row.walk
            }
            let step = walk.step(to: row.coordinate)
            #expect((step == nil) == (row.stepMeters == nil), "\(row.walk)")
            guard let step, let expected = row.stepMeters else { continue }
            worst = max(worst, abs(step - expected))
            total += step
            reference += expected
        }
        // The short-line formula's own bound (1e-8 m); Karney's method for the long jumps.
        #expect(worst < 1e-8, "worst step error \(worst) m")
        #expect(abs(total - reference) < 1e-6)
    }

    /// Carrying the latitude terms changes a step by a few nanometres at most against computing
    /// them afresh for every pair: the formula's own rounding (its x difference subtracts two
    /// numbers near the Earth's radius), well inside its 1e-8 m agreement with GeographicLib.
    @Test func stepsMatchTheDistanceOfEachPair() {
        var walk = GeodesicWalk()
        var previous: Coordinate?
        var name = ""
        for row in Self.rows {
            if row.walk != name {
                walk.restart()
                previous = nil
                name = row.walk
            }
            let step = walk.step(to: row.coordinate)
            if let previous, let step {
                #expect(abs(step - Geodesic.distance(previous, row.coordinate)) < 5e-9)
            }
            previous = row.coordinate
        }
    }
}
