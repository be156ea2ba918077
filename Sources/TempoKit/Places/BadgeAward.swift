import Foundation

/// A badge a monitor event earns: the one rule the CLI's places session and the server share.
///
/// Entering (`satisfied`) a place that names a badge, inside the place's window, earns it. A
/// badge is earned once ever per user: the store that keeps badges refuses a second one (the
/// first earned stays), so an event carries its badge only when the store took it.
public struct BadgeAward: Sendable, Hashable, Codable {
    /// The badge's identifier.
    public var badge: String
    /// The place whose entry earned it.
    public var place: String
    /// The place's spot, for a landmark.
    public var spot: String?
    /// When: the time of the fix that entered the place (UTC).
    public var earnedAt: Date
    /// Where the device was then.
    public var coordinate: Coordinate

    /// Builds an award.
    public init(badge: String, place: String, spot: String?, earnedAt: Date, coordinate: Coordinate) {
        self.badge = badge
        self.place = place
        self.spot = spot
        self.earnedAt = earnedAt
        self.coordinate = coordinate
    }

    /// The badge `event` earns at `place` (the place named by the event's identifier), if any;
    /// whether the user already has it is the store's question.
    public static func earned(by event: MonitorEvent, at place: Place?) -> BadgeAward? {
        guard event.state == .satisfied, let place, place.name == event.identifier, let badge = place.badge,
              place.window.contains(event.date)
        else { return nil }
        return BadgeAward(badge: badge, place: place.name, spot: place.spot, earnedAt: event.date, coordinate: event.fix.coordinate)
    }
}
