import Foundation
import GRDB
import TempoKit

/// A row of `place_condition`: one monitor's condition, its state and its last event (whose
/// fix keeps only its time, coordinate and accuracy).
struct PlaceConditionRow: StoredRecord {
    static let databaseTableName = "place_condition"

    var monitor: String
    var identifier: String
    var latitude: Double
    var longitude: Double
    var radiusMeters: Double
    var dwellSeconds: Double
    var exitBufferMeters: Double
    var oneShot: Bool
    var state: String
    var eventState: String?
    var eventAt: Date?
    var eventLatitude: Double?
    var eventLongitude: Double?
    var eventAccuracyMeters: Double?
    var eventFixAt: Date?
    var activeFrom: Date?
    var activeUntil: Date?

    enum CodingKeys: String, CodingKey {
        case monitor, identifier, latitude, longitude, state
        case radiusMeters = "radius_m"
        case dwellSeconds = "dwell_s"
        case exitBufferMeters = "exit_buffer_m"
        case oneShot = "one_shot"
        case eventState = "event_state"
        case eventAt = "event_at"
        case eventLatitude = "event_latitude"
        case eventLongitude = "event_longitude"
        case eventAccuracyMeters = "event_accuracy_m"
        case eventFixAt = "event_fix_at"
        case activeFrom = "active_from"
        case activeUntil = "active_until"
    }

    enum Columns {
        static let monitor = Column(CodingKeys.monitor)
        static let identifier = Column(CodingKeys.identifier)
    }

    /// The rows of `monitor`'s conditions, by identifier.
    static func of(monitor: String) -> QueryInterfaceRequest<PlaceConditionRow> {
        filter(Columns.monitor == monitor).order(Columns.identifier)
    }

    /// The row of `monitor`'s condition `identifier`.
    static func key(monitor: String, identifier: String) -> [String: (any DatabaseValueConvertible)?] {
        [CodingKeys.monitor.rawValue: monitor, CodingKeys.identifier.rawValue: identifier]
    }

    /// Keeps `event` as the last event, and its state as the condition's.
    mutating func record(_ event: MonitorEvent) {
        state = event.state.rawValue
        eventState = event.state.rawValue
        eventAt = event.date
        eventLatitude = event.fix.latitude
        eventLongitude = event.fix.longitude
        eventAccuracyMeters = event.fix.horizontalAccuracyMeters
        eventFixAt = event.fix.time
    }

    /// The condition it stores.
    ///
    /// - Throws: `PlaceError` for values no condition can have (a damaged file).
    func conditionRecord() throws(PlaceError) -> ConditionRecord {
        let condition = try CircularCondition(
            center: Coordinate(latitude: latitude, longitude: longitude), radiusMeters: radiusMeters, dwellSeconds: dwellSeconds,
            exitBufferMeters: exitBufferMeters, isOneShot: oneShot, window: ActiveWindow(from: activeFrom, until: activeUntil))
        var lastEvent: MonitorEvent?
        if let eventState = eventState.flatMap(ConditionState.init(rawValue:)), let eventAt, let eventLatitude, let eventLongitude {
            let fix = LocationFix(
                time: eventFixAt, coordinate: Coordinate(latitude: eventLatitude, longitude: eventLongitude),
                horizontalAccuracyMeters: eventAccuracyMeters)
            lastEvent = MonitorEvent(identifier: identifier, state: eventState, date: eventAt, fix: fix)
        }
        return ConditionRecord(identifier: identifier, condition: condition, state: ConditionState(rawValue: state) ?? .unknown, lastEvent: lastEvent)
    }
}

extension PlaceConditionRow {
    /// The row of `record` in `monitor`.
    init(_ record: ConditionRecord, monitor: String) {
        let condition = record.condition
        self.init(
            monitor: monitor, identifier: record.identifier, latitude: condition.center.latitude,
            longitude: condition.center.longitude, radiusMeters: condition.radiusMeters, dwellSeconds: condition.dwellSeconds,
            exitBufferMeters: condition.exitBufferMeters, oneShot: condition.isOneShot, state: record.state.rawValue,
            activeFrom: condition.window.from, activeUntil: condition.window.until)
        if let event = record.lastEvent { self.record(event) }
    }
}
