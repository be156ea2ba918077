import Foundation

/// A named circle the user cares about: a spot (a city, with its frame circle) or a landmark
/// inside a spot, which may award a badge.
///
/// A place with no `spot` is a spot; a place with a `spot` is one of that spot's landmarks.
/// Names are unique and are the monitor's condition identifiers.
public struct Place: Sendable, Hashable, Codable {
    /// Unique name, e.g. "Seoul" or "Gyeongbokgung".
    public var name: String
    /// The circle's centre.
    public var center: Coordinate
    /// The circle's radius, metres (1 m … 1,000 km).
    public var radiusMeters: Double
    /// For a landmark, the name of its spot; `nil` for a spot.
    public var spot: String?
    /// The badge entering this place awards (once ever), if any.
    public var badge: String?
    /// When the place counts (`active_from` / `active_until`); outside it the place produces no
    /// events and awards nothing.
    public var window: ActiveWindow

    /// Validates and builds a place.
    ///
    /// - Throws: `PlaceError` for an empty name, a bad centre or radius.
    public init(name: String, center: Coordinate, radiusMeters: Double, spot: String? = nil, badge: String? = nil,
                window: ActiveWindow = .always) throws(PlaceError) {
        guard !name.isEmpty else { throw .emptyName }
        _ = try CircularCondition(center: center, radiusMeters: radiusMeters)
        self.name = name
        self.center = center
        self.radiusMeters = radiusMeters
        self.spot = spot.flatMap { $0.isEmpty ? nil : $0 }
        self.badge = badge.flatMap { $0.isEmpty ? nil : $0 }
        self.window = window
    }

    /// Whether this place is a spot's frame (not a landmark).
    public var isSpot: Bool { spot == nil }

    /// The monitor condition for this place (no dwell, default exit buffer, the place's window).
    public var condition: CircularCondition {
        CircularCondition(unchecked: center, radiusMeters: radiusMeters, window: window)
    }
}
