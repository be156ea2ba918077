import Foundation
import TempoKit

/// A place definition as the server's API carries it (`PUT /v1/places/{name}`, the change
/// feed's `place` records): what a device pushes and pulls, and whose digest says whether it
/// changed since the server acknowledged it.
public struct SyncedPlace: Codable, Sendable, Equatable {
    /// The place's name, unique per account.
    public let name: String
    /// The centre's latitude, degrees.
    public let lat: Double
    /// The centre's longitude, degrees.
    public let lon: Double
    /// The radius, metres.
    public let radiusM: Double
    /// A landmark's spot (nil: a spot).
    public let spot: String?
    /// The badge entering it awards.
    public let badge: String?
    /// The first instant it counts.
    public let activeFrom: Date?
    /// The first instant it no longer counts.
    public let activeUntil: Date?

    enum CodingKeys: String, CodingKey {
        case name, lat, lon, spot, badge
        case radiusM = "radius_m", activeFrom = "active_from", activeUntil = "active_until"
    }

    /// The document of `place`.
    public init(_ place: Place) {
        name = place.name
        lat = place.center.latitude
        lon = place.center.longitude
        radiusM = place.radiusMeters
        spot = place.spot
        badge = place.badge
        activeFrom = place.window.from
        activeUntil = place.window.until
    }

    /// The place this document describes.
    func place() throws -> Place {
        try Place(name: name, center: Coordinate(latitude: lat, longitude: lon), radiusMeters: radiusM, spot: spot, badge: badge,
                  window: ActiveWindow(from: activeFrom, until: activeUntil))
    }
}
