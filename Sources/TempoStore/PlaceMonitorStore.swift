import Foundation
import GRDB
import TempoKit

/// Persists `RegionMonitor`s in the Tempo database: conditions, states and last events, each
/// change in one transaction before the monitor reports it.
///
/// A last event keeps the fix's time, coordinate and accuracy (other fix fields are not kept).
public struct PlaceMonitorStore: MonitorPersistence {
    /// The database.
    public let database: AppDatabase

    /// Wraps a database.
    public init(database: AppDatabase) {
        self.database = database
    }

    /// Every condition stored for the monitor (see `MonitorPersistence`).
    public func loadConditions(monitor name: String) throws -> [ConditionRecord] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM place_condition WHERE monitor = ? ORDER BY identifier", arguments: [name]).map { row in
                let identifier: String = row["identifier"]
                let condition: CircularCondition
                do {
                    condition = try CircularCondition(
                        center: Coordinate(latitude: row["latitude"], longitude: row["longitude"]),
                        radiusMeters: row["radius_m"], dwellSeconds: row["dwell_s"],
                        exitBufferMeters: row["exit_buffer_m"], isOneShot: row["one_shot"])
                } catch {
                    throw StoreError.corrupt(path: db.description)
                }
                let state = ConditionState(rawValue: row["state"]) ?? .unknown
                var lastEvent: MonitorEvent?
                if let eventState = (row["event_state"] as String?).flatMap(ConditionState.init(rawValue:)),
                   let at: Double = row["event_at"], let latitude: Double = row["event_latitude"],
                   let longitude: Double = row["event_longitude"] {
                    let fix = LocationFix(
                        time: (row["event_fix_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
                        coordinate: Coordinate(latitude: latitude, longitude: longitude),
                        horizontalAccuracyMeters: row["event_accuracy_m"])
                    lastEvent = MonitorEvent(identifier: identifier, state: eventState, date: Date(timeIntervalSince1970: at), fix: fix)
                }
                return ConditionRecord(identifier: identifier, condition: condition, state: state, lastEvent: lastEvent)
            }
        }
    }

    /// Stores a condition, replacing one with the same identifier.
    public func saveCondition(_ record: ConditionRecord, monitor name: String) throws {
        try database.write { db in
            let c = record.condition
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO place_condition
                        (monitor, identifier, latitude, longitude, radius_m, dwell_s, exit_buffer_m, one_shot, state)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [name, record.identifier, c.center.latitude, c.center.longitude, c.radiusMeters,
                            c.dwellSeconds, c.exitBufferMeters, c.isOneShot, record.state.rawValue])
            if let event = record.lastEvent { try Self.saveEvent(event, monitor: name, db) }
        }
    }

    /// Deletes a condition; unknown identifiers are ignored.
    public func deleteCondition(identifier: String, monitor name: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM place_condition WHERE monitor = ? AND identifier = ?", arguments: [name, identifier])
        }
    }

    /// Applies one fix's events and one-shot removals (in one transaction in SQLite).
    public func saveEvents(_ events: [MonitorEvent], removed: [String], monitor name: String) throws {
        try database.write { db in
            for event in events { try Self.saveEvent(event, monitor: name, db) }
            for identifier in removed {
                try db.execute(sql: "DELETE FROM place_condition WHERE monitor = ? AND identifier = ?", arguments: [name, identifier])
            }
        }
    }

    private static func saveEvent(_ event: MonitorEvent, monitor name: String, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE place_condition SET state = ?, event_state = ?, event_at = ?, event_latitude = ?,
                    event_longitude = ?, event_accuracy_m = ?, event_fix_at = ?
                WHERE monitor = ? AND identifier = ?
                """,
            arguments: [event.state.rawValue, event.state.rawValue, event.date.timeIntervalSince1970,
                        event.fix.latitude, event.fix.longitude, event.fix.horizontalAccuracyMeters,
                        event.fix.time?.timeIntervalSince1970, name, event.identifier])
    }
}
