import Foundation
import TempoKit

/// A badge an account earned, as the API shows it: `GET /v1/badges`, the `badges` of
/// `POST /v1/places/fixes`, the change feed's `badge` records.
struct BadgeDocument: Codable, Sendable, Equatable {
    /// The badge's identifier (once ever per account).
    let badge: String
    /// The place whose entry earned it.
    let place: String
    /// The place's spot, for a landmark.
    let spot: String?
    /// When it was earned (the entering fix's time, UTC).
    let earnedAt: Date
    /// Where the device was then: latitude, degrees.
    let lat: Double
    /// Where the device was then: longitude, degrees.
    let lon: Double

    enum CodingKeys: String, CodingKey {
        case badge, place, spot, lat, lon
        case earnedAt = "earned_at"
    }

    /// Builds a badge document.
    init(badge: String, place: String, spot: String?, earnedAt: Date, lat: Double, lon: Double) {
        self.badge = badge
        self.place = place
        self.spot = spot
        self.earnedAt = earnedAt
        self.lat = lat
        self.lon = lon
    }

    /// The document of a badge the monitor awarded.
    init(_ award: BadgeAward) {
        self.init(badge: award.badge, place: award.place, spot: award.spot, earnedAt: award.earnedAt,
                  lat: award.coordinate.latitude, lon: award.coordinate.longitude)
    }

    /// Writes every key, `spot` as `null` when unset.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(badge, forKey: .badge)
        try container.encode(place, forKey: .place)
        try container.encode(spot, forKey: .spot)
        try container.encode(earnedAt, forKey: .earnedAt)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
    }
}
