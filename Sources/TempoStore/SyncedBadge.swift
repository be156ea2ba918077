import Foundation
import TempoKit

/// A badge as the server's API carries it (`PUT /v1/badges/{badge}`, the change feed's `badge`
/// records): earned once ever per account, the earliest award kept.
public struct SyncedBadge: Codable, Sendable, Equatable {
    /// The badge's identifier.
    public let badge: String
    /// The place whose entry earned it.
    public let place: String
    /// The place's spot, for a landmark.
    public let spot: String?
    /// When it was earned (UTC).
    public let earnedAt: Date
    /// Where the device was then: latitude, degrees.
    public let lat: Double
    /// Where the device was then: longitude, degrees.
    public let lon: Double

    enum CodingKeys: String, CodingKey {
        case badge, place, spot, lat, lon
        case earnedAt = "earned_at"
    }

    /// The document of a stored badge.
    public init(_ record: BadgeRecord) {
        badge = record.badge
        place = record.place
        spot = record.spot
        earnedAt = record.earnedAt
        lat = record.coordinate.latitude
        lon = record.coordinate.longitude
    }
}
