import Foundation
import TempoKit

/// A badge an account earned, as the API shows it: `GET /v1/badges`, the `badges` of
/// `POST /v1/places/fixes`, the change feed's `badge` records.
struct BadgeDocument: Codable, Sendable, Equatable {
    let badge: String
    let place: String
    let spot: String?
    let earnedAt: Date
    let lat: Double
    let lon: Double

    enum CodingKeys: String, CodingKey {
        case badge, place, spot, lat, lon
        case earnedAt = "earned_at"
    }

    init(badge: String, place: String, spot: String?, earnedAt: Date, lat: Double, lon: Double) {
        self.badge = badge
        self.place = place
        self.spot = spot
        self.earnedAt = earnedAt
        self.lat = lat
        self.lon = lon
    }

    init(_ award: BadgeAward) {
        self.init(badge: award.badge, place: award.place, spot: award.spot, earnedAt: award.earnedAt,
                  lat: award.coordinate.latitude, lon: award.coordinate.longitude)
    }

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
