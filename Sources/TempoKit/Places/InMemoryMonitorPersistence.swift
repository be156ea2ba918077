import Synchronization

/// A `MonitorPersistence` that keeps everything in memory: for tests, and for apps that want a
/// monitor shared by name within one process without durability.
public final class InMemoryMonitorPersistence: MonitorPersistence {
    private let monitors = Mutex<[String: [String: ConditionRecord]]>([:])

    /// An empty store.
    public init() {}

    /// Every condition stored for the monitor (see `MonitorPersistence`).
    public func loadConditions(monitor name: String) throws -> [ConditionRecord] {
        monitors.withLock { $0[name].map { Array($0.values) } ?? [] }
    }

    /// Stores a condition, replacing one with the same identifier.
    public func saveCondition(_ record: ConditionRecord, monitor name: String) throws {
        monitors.withLock { $0[name, default: [:]][record.identifier] = record }
    }

    /// Deletes a condition; unknown identifiers are ignored.
    public func deleteCondition(identifier: String, monitor name: String) throws {
        monitors.withLock { _ = $0[name]?.removeValue(forKey: identifier) }
    }

    /// Applies one fix's events and one-shot removals (in one transaction in SQLite).
    public func saveEvents(_ events: [MonitorEvent], removed: [String], monitor name: String) throws {
        monitors.withLock { all in
            for event in events {
                all[name]?[event.identifier]?.state = event.state
                all[name]?[event.identifier]?.lastEvent = event
            }
            for identifier in removed { all[name]?.removeValue(forKey: identifier) }
        }
    }
}
