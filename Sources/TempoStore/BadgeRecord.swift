import Foundation
import TempoKit

/// A badge the user earned: which, at which place, when and where.
public struct BadgeRecord: Sendable, Hashable, Identifiable {
    /// Generated when the badge was awarded.
    public var id: UUID
    /// The badge's identifier (unique: a badge is earned once ever).
    public var badge: String
    /// The landmark (or spot) whose entry earned it.
    public var place: String
    /// The landmark's spot, if any.
    public var spot: String?
    /// When it was earned: the time of the fix that entered the place (UTC).
    public var earnedAt: Date
    /// Where the device was then.
    public var coordinate: Coordinate

    /// Builds a record.
    public init(id: UUID, badge: String, place: String, spot: String?, earnedAt: Date, coordinate: Coordinate) {
        self.id = id
        self.badge = badge
        self.place = place
        self.spot = spot
        self.earnedAt = earnedAt
        self.coordinate = coordinate
    }
}
