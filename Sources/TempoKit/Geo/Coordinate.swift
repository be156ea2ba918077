import Foundation

/// A point on the WGS84 ellipsoid, in degrees.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, −90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both angles are finite and in range (and not the 0,0 "null island" placeholder).
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
            && !(latitude == 0 && longitude == 0)
    }
}

extension Coordinate {
    /// Degrees east from longitude `from` to `to`, the short way round: −180…180.
    static func longitudeDifference(from: Double, to: Double) -> Double {
        let degrees = to - from
        return abs(degrees) > 180 ? remainder(degrees, 360) : degrees
    }
}
