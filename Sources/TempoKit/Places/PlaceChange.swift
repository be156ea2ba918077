import Foundation

/// The options of a `places add` on a place that already exists: what is given changes, what
/// is not given stays (a landmark keeps its spot and badge when only its radius is given).
///
/// An empty `spot` makes the place a spot again; an empty `badge` removes its badge.
public struct PlaceChange: Sendable, Hashable {
    /// New centre.
    public var center: Coordinate?
    /// New radius, metres.
    public var radiusMeters: Double?
    /// New spot (empty: none, the place becomes a spot).
    public var spot: String?
    /// New badge (empty: none).
    public var badge: String?
    /// New first instant the place counts.
    public var from: Date?
    /// New first instant it no longer counts.
    public var until: Date?

    /// A change of the given fields.
    public init(center: Coordinate? = nil, radiusMeters: Double? = nil, spot: String? = nil, badge: String? = nil,
                from: Date? = nil, until: Date? = nil) {
        self.center = center
        self.radiusMeters = radiusMeters
        self.spot = spot
        self.badge = badge
        self.from = from
        self.until = until
    }

    /// `place` with the given fields changed; throws `PlaceError` when the result is not a valid place.
    public func applied(to place: Place) throws(PlaceError) -> Place {
        let window = from == nil && until == nil ? place.window : try ActiveWindow(from: from ?? place.window.from, until: until ?? place.window.until)
        return try Place(name: place.name, center: center ?? place.center, radiusMeters: radiusMeters ?? place.radiusMeters,
                         spot: spot ?? place.spot, badge: badge ?? place.badge, window: window)
    }
}
