import Foundation

/// Bounds on the geodesic distance that settle most decisions without solving for it.
///
/// On WGS84 a path's element of length is ds² = M² dφ² + N² cos²φ dλ², where the radii of
/// curvature lie between a(1 − e²) (M at the equator) and a/√(1 − e²) (both at the poles), and
/// N ≥ a. Each bound below is that of a path or of every path, widened by 0.1 % and a micrometre
/// (far more than `Geodesic.distance` can be off), so that a bound only settles what the computed
/// geodesic would settle the same way; anything closer to a threshold is left to the geodesic.
extension MonitorCore {
    /// An upper bound on the geodesic distance between two points, metres: the length of the path
    /// along the first point's meridian, then along the second point's parallel, with the largest
    /// radius of curvature standing in for both. `cosLatitude1` is cos(`latitude1`).
    static func movedAtMost(
        _ latitude0: Double, _ longitude0: Double, _ latitude1: Double, _ longitude1: Double, cosLatitude1: Double
    ) -> Double {
        maximumMetersPerDegree * (abs(latitude1 - latitude0) + cosLatitude1 * longitudeDifference(longitude0, longitude1))
    }

    /// An upper bound on the geodesic distance between two points, metres: the length of the path
    /// straight in latitude and longitude, with the largest radius of curvature standing in for
    /// both and cos φ₁ + |Δφ| for the largest cosine of latitude along it (`cosLatitude1` is
    /// cos φ₁), widened.
    static func distanceAtMost(_ point0: Coordinate, _ point1: Coordinate, cosLatitude1: Double) -> Double {
        let dLatitude = abs(point1.latitude - point0.latitude) * radiansPerDegree
        let dLongitude = longitudeDifference(point0.longitude, point1.longitude) * radiansPerDegree
        let eastward = min(1, cosLatitude1 + dLatitude) * dLongitude
        return 1.001 * maximumCurvatureRadius * (dLatitude * dLatitude + eastward * eastward).squareRoot() + margin
    }

    /// A lower bound on the geodesic distance between two points, metres, if that distance is at
    /// most `reachMeters`: a path that short stays within reach / a(1 − e²) radians of latitude
    /// of the second point, where cos φ is at least cos φ₁ minus that (`cosLatitude1` is cos φ₁),
    /// so it is at least as long as the straight line in a plane scaled by a(1 − e²) north and
    /// a·cos φ east; narrowed.
    static func distanceAtLeast(
        _ point0: Coordinate, _ point1: Coordinate, cosLatitude1: Double, ifAtMost reachMeters: Double
    ) -> Double {
        let meridional = ConditionIndex.minimumMeridionalRadius
        let north = meridional * abs(point1.latitude - point0.latitude) * radiansPerDegree
        let cosine = max(0, cosLatitude1 - reachMeters * inverseMeridionalRadius)
        let east = Geodesic.equatorialRadius * cosine * longitudeDifference(point0.longitude, point1.longitude) * radiansPerDegree
        return 0.999 * (north * north + east * east).squareRoot() - margin
    }

    /// |λ₁ − λ₀| the short way round, degrees.
    private static func longitudeDifference(_ longitude0: Double, _ longitude1: Double) -> Double {
        let difference = abs(longitude1 - longitude0)
        return difference > 180 ? 360 - difference : difference
    }

    /// The absolute part of the widening, metres.
    private static let margin = 1e-6

    /// Products by these instead of divisions (a division takes many times as long, and each
    /// candidate near a fix takes a few): they move a bound by an ulp, far inside its widening.
    private static let radiansPerDegree = Double.pi / 180
    private static let inverseMeridionalRadius = 1 / ConditionIndex.minimumMeridionalRadius

    /// Metres per degree along the largest radius of curvature, rounded as this bound always
    /// computed it (R·π, then divided by 180): the bound has no widening to absorb another rounding.
    private static let maximumMetersPerDegree = maximumCurvatureRadius * .pi / 180

    /// a/√(1 − e²), the largest radius of curvature of WGS84, metres.
    private static let maximumCurvatureRadius =
        Geodesic.equatorialRadius / (1 - ConditionIndex.eccentricitySquared).squareRoot()
}
