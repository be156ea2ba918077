import Foundation
import Testing
import TempoKit

/// `Geodesic.chordMeters` against GeographicLib's geodesic lengths (the pairs of
/// `Tests/Fixtures/geodesic_pairs.csv`, made by `Tests/Oracles/geodesic_pairs.py`): a chord is
/// never longer than the geodesic, and on short lines it is nearly the same length (the sagitta
/// of an arc s on a sphere of radius R shortens it by about s³ / (24 R²)).
@Suite struct GeodesicChordTests {
    @Test(arguments: GeodesicPair.all)
    func chordIsALowerBoundOnTheGeodesic(pair: GeodesicPair) {
        let chord = Geodesic.chordMeters(pair.a, pair.b)
        // 1e-9 relative: the rounding of the ECEF differences.
        #expect(chord <= pair.distanceMeters * (1 + 1e-9) + 1e-6, "chord \(chord), GeographicLib \(pair.distanceMeters)")
    }

    @Test(arguments: GeodesicPair.all.filter { $0.distanceMeters <= 100_000 })
    func chordOfAShortLineIsAlmostItsLength(pair: GeodesicPair) {
        let chord = Geodesic.chordMeters(pair.a, pair.b)
        let s = pair.distanceMeters
        // The largest radius of curvature of WGS84 is under 6,400 km: the smallest R bounds the
        // shortening from above, so this bound uses 6,330 km (below the smallest, 6,335 km).
        let shortening = s * s * s / (24 * 6_330_000.0 * 6_330_000.0)
        #expect(s - chord <= shortening + 1e-6, "chord \(chord), GeographicLib \(s)")
    }
}
