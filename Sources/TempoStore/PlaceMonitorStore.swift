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
            try PlaceConditionRow.of(monitor: name).fetchAll(db).map { row in
                do {
                    return try row.conditionRecord()
                } catch {
                    throw StoreError.corrupt(path: db.description)
                }
            }
        }
    }

    /// Stores a condition, replacing one with the same identifier.
    public func saveCondition(_ record: ConditionRecord, monitor name: String) throws {
        try database.write { db in try PlaceConditionRow(record, monitor: name).insert(db, onConflict: .replace) }
    }

    /// Deletes a condition; unknown identifiers are ignored.
    public func deleteCondition(identifier: String, monitor name: String) throws {
        try database.write { db in _ = try PlaceConditionRow.deleteOne(db, key: PlaceConditionRow.key(monitor: name, identifier: identifier)) }
    }

    /// Applies one fix's events, unreported changes and one-shot removals in one transaction.
    public func saveEvents(_ events: [MonitorEvent], unreported: [MonitorEvent], removed: [String], monitor name: String) throws {
        try database.write { db in
            for change in unreported {
                guard var row = try PlaceConditionRow.fetchOne(db, key: PlaceConditionRow.key(monitor: name, identifier: change.identifier))
                else { continue }
                row.state = change.state.rawValue
                try row.update(db)
            }
            for event in events {
                // An event for a condition no longer stored changes nothing.
                guard var row = try PlaceConditionRow.fetchOne(db, key: PlaceConditionRow.key(monitor: name, identifier: event.identifier))
                else { continue }
                row.record(event)
                try row.update(db)
            }
            for identifier in removed {
                _ = try PlaceConditionRow.deleteOne(db, key: PlaceConditionRow.key(monitor: name, identifier: identifier))
            }
        }
    }
}
