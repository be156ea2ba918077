import Foundation
import TempoKit

/// A deterministic random source (SplitMix64) so simulated GPS noise is the same on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self), u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

/// Builds simulated 1 Hz fixes along an east-bound street, with GPS noise that wanders like a
/// receiver's (first-order autoregressive per axis: `correlation` between consecutive seconds,
/// stationary standard deviation `sigmaMeters`).
struct RunSimulation {
    static let origin = Coordinate(latitude: 46.05, longitude: 14.5)
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    // Radii of curvature of the WGS84 ellipsoid at the origin, so "metres" here are true metres.
    static let metersPerDegreeLatitude: Double = {
        let e2 = Geodesic.flattening * (2 - Geodesic.flattening), s = sin(origin.latitude * .pi / 180)
        return Geodesic.equatorialRadius * (1 - e2) / pow(1 - e2 * s * s, 1.5) * .pi / 180
    }()
    static let metersPerDegreeLongitude: Double = {
        let e2 = Geodesic.flattening * (2 - Geodesic.flattening), s = sin(origin.latitude * .pi / 180)
        return Geodesic.equatorialRadius / (1 - e2 * s * s).squareRoot() * cos(origin.latitude * .pi / 180) * .pi / 180
    }()

    var sigmaMeters: Double
    var correlation: Double
    var random: SeededRandom
    private var north = 0.0, east = 0.0

    init(sigmaMeters: Double, correlation: Double, seed: UInt64) {
        self.sigmaMeters = sigmaMeters
        self.correlation = correlation
        random = SeededRandom(seed: seed)
        north = random.gaussian() * sigmaMeters
        east = random.gaussian() * sigmaMeters
    }

    /// The next noise offset (north, east) in metres.
    mutating func noise() -> (Double, Double) {
        let innovation = sigmaMeters * (1 - correlation * correlation).squareRoot()
        north = correlation * north + innovation * random.gaussian()
        east = correlation * east + innovation * random.gaussian()
        return (north, east)
    }

    /// A fix `second` seconds after the start at `alongMeters` east of the origin, offset by `noise`.
    static func fix(second: Double, alongMeters: Double, noise: (Double, Double) = (0, 0), accuracy: Double? = nil) -> LocationFix {
        LocationFix(
            time: start.addingTimeInterval(second),
            coordinate: Coordinate(latitude: origin.latitude + noise.0 / metersPerDegreeLatitude,
                                   longitude: origin.longitude + (alongMeters + noise.1) / metersPerDegreeLongitude),
            horizontalAccuracyMeters: accuracy)
    }
}
