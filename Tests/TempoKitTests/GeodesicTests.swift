import Foundation
import Testing
import TempoKit

/// Reference pairs computed by GeographicLib (Karney's own implementation, PyPI `geographiclib` 2.1)
/// with `python3 Tests/Oracles/geodesic_pairs.py > Tests/Fixtures/geodesic_pairs.csv`.
struct GeodesicPair: Sendable, CustomTestStringConvertible {
    var group: String
    var a: Coordinate
    var b: Coordinate
    var distanceMeters: Double
    var azimuth1: Double
    var azimuth2: Double

    var testDescription: String { "\(group) (\(a.latitude), \(a.longitude)) → (\(b.latitude), \(b.longitude))" }

    static let all: [GeodesicPair] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/geodesic_pairs.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",").map(String.init)
            let numbers = fields.dropFirst().compactMap(Double.init)
            guard fields.count == 8, numbers.count == 7 else { return nil }
            return GeodesicPair(
                group: fields[0], a: Coordinate(latitude: numbers[0], longitude: numbers[1]),
                b: Coordinate(latitude: numbers[2], longitude: numbers[3]),
                distanceMeters: numbers[4], azimuth1: numbers[5], azimuth2: numbers[6])
        }
    }()
}

@Suite struct GeodesicTests {
    @Test func oracleFileIsComplete() {
        #expect(GeodesicPair.all.count == 651)
        #expect(Set(GeodesicPair.all.map(\.group)) == ["equator", "pole", "antimeridian", "lat60", "tiny", "meridian", "random", "long"])
    }

    @Test(arguments: GeodesicPair.all.filter { $0.distanceMeters <= 1_000_000 })
    func distanceAgreesWithGeographicLibToATenthOfAMillimetre(pair: GeodesicPair) {
        let distance = Geodesic.distance(pair.a, pair.b)
        #expect(abs(distance - pair.distanceMeters) < 1e-4, "got \(distance), GeographicLib \(pair.distanceMeters)")
    }

    @Test(arguments: GeodesicPair.all.filter { $0.distanceMeters > 1_000_000 })
    func longAndNearAntipodalPairsAgreeToAMillimetre(pair: GeodesicPair) {
        let distance = Geodesic.distance(pair.a, pair.b)
        #expect(abs(distance - pair.distanceMeters) < 1e-3, "got \(distance), GeographicLib \(pair.distanceMeters)")
    }

    /// Azimuths are undefined at a pole, and under 100 m the inputs' own rounding (1e-14° ≈ 1 nm)
    /// already moves them by more than 1e-7°, so those pairs are left out.
    @Test(arguments: GeodesicPair.all.filter { abs($0.a.latitude) < 90 && abs($0.b.latitude) < 90 && $0.distanceMeters > 100 })
    func azimuthsAgreeWithGeographicLib(pair: GeodesicPair) {
        let inverse = Geodesic.inverse(pair.a, pair.b)
        // 1e-7° is about 1 cm of sideways displacement over 10 km.
        #expect(angleDifference(inverse.initialAzimuthDegrees, pair.azimuth1) < 1e-7)
        #expect(angleDifference(inverse.finalAzimuthDegrees, pair.azimuth2) < 1e-7)
    }

    @Test func distanceIsSymmetricAndZeroForTheSamePoint() {
        let a = Coordinate(latitude: 46.05, longitude: 14.5), b = Coordinate(latitude: 45.8, longitude: 14.2)
        #expect(Geodesic.distance(a, a) == 0)
        #expect(abs(Geodesic.distance(a, b) - Geodesic.distance(b, a)) < 1e-9)
    }

    /// Two points of the equator further apart than (1 − f)·180° were a negative distance
    /// (`max(0, −0)` is −0, and atan2(−0, −1) is −π). Reference: GeographicLib 2.0 (Python),
    /// `Geodesic.WGS84.Inverse(0, lon1, 0, lon2)["s12"]`.
    @Test(arguments: [(-90.0, 90.0, 20_003_931.458625447), (0, 180, 20_003_931.458625447),
                      (10, -170, 20_003_931.458625447), (0, 179.7, 19_995_624.889961265),
                      (180, 0, 20_003_931.458625447)])
    func equatorialPairsBeyondTheEquatorsReachArePositive(lon1: Double, lon2: Double, meters: Double) {
        let a = Coordinate(latitude: 0, longitude: lon1), b = Coordinate(latitude: 0, longitude: lon2)
        #expect(abs(Geodesic.distance(a, b) - meters) < 1e-6)
        #expect(abs(Geodesic.distance(b, a) - meters) < 1e-6)
    }

    private func angleDifference(_ x: Double, _ y: Double) -> Double {
        abs(remainder(x - y, 360))
    }
}
