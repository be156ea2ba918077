import Foundation
import TempoKit

/// A place as the API shows it (and the server stores it): `GET /v1/places/{name}`, the
/// change feed's `place` records. Unset optional fields are `null`.
struct PlaceDocument: Codable, Sendable, Equatable {
    /// The place's name (unique per account; the path's `{name}`).
    let name: String
    /// `spot` or `landmark`.
    let kind: String
    /// The centre's latitude, degrees.
    let lat: Double
    /// The centre's longitude, degrees.
    let lon: Double
    /// The radius, metres.
    let radiusM: Double
    /// A landmark's spot.
    let spot: String?
    /// The badge entering the place awards, once ever.
    let badge: String?
    /// The first instant the place counts (UTC).
    let activeFrom: Date?
    /// The first instant the place no longer counts (UTC).
    let activeUntil: Date?

    enum CodingKeys: String, CodingKey {
        case name, kind, lat, lon, spot, badge
        case radiusM = "radius_m", activeFrom = "active_from", activeUntil = "active_until"
    }

    /// The document of `place`.
    init(_ place: Place) {
        name = place.name
        kind = place.isSpot ? "spot" : "landmark"
        lat = place.center.latitude
        lon = place.center.longitude
        radiusM = place.radiusMeters
        spot = place.spot
        badge = place.badge
        activeFrom = place.window.from
        activeUntil = place.window.until
    }

    /// The place it describes (stored documents were validated when written).
    func place() throws -> Place {
        try Place(name: name, center: Coordinate(latitude: lat, longitude: lon), radiusMeters: radiusM, spot: spot, badge: badge,
                  window: ActiveWindow(from: activeFrom, until: activeUntil))
    }

    /// Writes every key, unset ones as `null` (the document's shape never varies).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        try container.encode(radiusM, forKey: .radiusM)
        try container.encode(spot, forKey: .spot)
        try container.encode(badge, forKey: .badge)
        try container.encode(activeFrom, forKey: .activeFrom)
        try container.encode(activeUntil, forKey: .activeUntil)
    }
}
