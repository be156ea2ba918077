import Foundation
import GRDB
import TempoKit

/// A row of `place`: a named circle, a spot or a landmark of one.
struct PlaceRow: StoredRecord {
    static let databaseTableName = "place"

    var id: UUID
    var name: String
    var latitude: Double
    var longitude: Double
    var radiusMeters: Double
    var spot: String?
    var badge: String?
    var createdAt: Date
    var activeFrom: Date?
    var activeUntil: Date?

    enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, spot, badge
        case radiusMeters = "radius_m"
        case createdAt = "created_at"
        case activeFrom = "active_from"
        case activeUntil = "active_until"
    }

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let latitude = Column(CodingKeys.latitude)
        static let longitude = Column(CodingKeys.longitude)
        static let radiusMeters = Column(CodingKeys.radiusMeters)
        static let spot = Column(CodingKeys.spot)
        static let badge = Column(CodingKeys.badge)
        static let activeFrom = Column(CodingKeys.activeFrom)
        static let activeUntil = Column(CodingKeys.activeUntil)
    }

    /// The place it stores.
    func place() throws(PlaceError) -> Place {
        try Place(name: name, center: Coordinate(latitude: latitude, longitude: longitude), radiusMeters: radiusMeters, spot: spot, badge: badge,
                  window: ActiveWindow(from: activeFrom, until: activeUntil))
    }
}

extension PlaceRow {
    /// A new row for `place`, made at `createdAt`.
    init(_ place: Place, createdAt: Date) {
        self.init(
            id: UUID(), name: place.name, latitude: place.center.latitude, longitude: place.center.longitude,
            radiusMeters: place.radiusMeters, spot: place.spot, badge: place.badge, createdAt: createdAt,
            activeFrom: place.window.from, activeUntil: place.window.until)
    }
}
