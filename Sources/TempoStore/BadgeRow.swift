import Foundation
import GRDB
import TempoKit

/// A row of `badge`: a badge earned, once ever.
struct BadgeRow: StoredRecord {
    static let databaseTableName = "badge"

    var id: UUID
    var badge: String
    var place: String
    var spot: String?
    var earnedAt: Date
    var latitude: Double
    var longitude: Double

    enum CodingKeys: String, CodingKey {
        case id, badge, place, spot, latitude, longitude
        case earnedAt = "earned_at"
    }

    enum Columns {
        static let badge = Column(CodingKeys.badge)
        static let earnedAt = Column(CodingKeys.earnedAt)
    }

    /// The badge it stores.
    var record: BadgeRecord {
        BadgeRecord(id: id, badge: badge, place: place, spot: spot, earnedAt: earnedAt, coordinate: Coordinate(latitude: latitude, longitude: longitude))
    }
}

extension BadgeRow {
    /// The row of `record`.
    init(_ record: BadgeRecord) {
        self.init(
            id: record.id, badge: record.badge, place: record.place, spot: record.spot, earnedAt: record.earnedAt,
            latitude: record.coordinate.latitude, longitude: record.coordinate.longitude)
    }
}
