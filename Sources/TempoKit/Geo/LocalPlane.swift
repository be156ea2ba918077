import Foundation

/// A flat map tangent to the WGS84 ellipsoid at an origin: metres east and north of it.
///
/// Scaled by the meridional and prime-vertical radii of curvature at the origin, so within a
/// few kilometres of it distances on the plane agree with the geodesic to well under a metre
/// per kilometre. It is where a track is smoothed and fitted; distances are always measured
/// back on the ellipsoid (`Geodesic`, `GeodesicWalk`).
struct LocalPlane: Sendable {
    /// The point the plane touches.
    let origin: Coordinate
    private let metersPerDegreeLatitude: Double
    private let metersPerDegreeLongitude: Double

    /// The plane tangent at `origin`.
    init(origin: Coordinate) {
        self.origin = origin
        let e2 = Geodesic.flattening * (2 - Geodesic.flattening)
        let s = sin(origin.latitude * .pi / 180)
        let w = 1 - e2 * s * s
        metersPerDegreeLatitude = Geodesic.equatorialRadius * (1 - e2) / (w * w.squareRoot()) * .pi / 180
        metersPerDegreeLongitude = Geodesic.equatorialRadius / w.squareRoot() * cos(origin.latitude * .pi / 180) * .pi / 180
    }

    /// Metres east and north of the origin (across the antimeridian the short way).
    func project(_ coordinate: Coordinate) -> (east: Double, north: Double) {
        (Coordinate.longitudeDifference(from: origin.longitude, to: coordinate.longitude) * metersPerDegreeLongitude,
         (coordinate.latitude - origin.latitude) * metersPerDegreeLatitude)
    }

    /// The point `east` and `north` metres from the origin.
    func unproject(east: Double, north: Double) -> Coordinate {
        var longitude = origin.longitude + east / metersPerDegreeLongitude
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: origin.latitude + north / metersPerDegreeLatitude, longitude: longitude)
    }
}
