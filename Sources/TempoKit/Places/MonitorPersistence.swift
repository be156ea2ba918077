/// Where a `RegionMonitor` keeps its conditions, states and last events, so that reopening a
/// monitor by name restores them and a restarted process reports nothing twice.
///
/// Called from the monitor's actor, one call at a time per monitor; every call should be durable
/// (one transaction) before it returns. `TempoStore` provides the SQLite implementation;
/// `InMemoryMonitorPersistence` serves tests and apps that need no durability.
public protocol MonitorPersistence: Sendable {
    /// Every condition stored for the monitor `name`, with state and last event.
    func loadConditions(monitor name: String) throws -> [ConditionRecord]
    /// Stores a condition (replacing one with the same identifier, its state and last event).
    func saveCondition(_ record: ConditionRecord, monitor name: String) throws
    /// Deletes a condition; unknown identifiers are ignored.
    func deleteCondition(identifier: String, monitor name: String) throws
    /// Stores the state changes of one fix: each event becomes its condition's state and last
    /// event; each unreported change (outside its condition's window) only its state; `removed`
    /// (one-shot conditions that fired) are deleted.
    func saveEvents(_ events: [MonitorEvent], unreported: [MonitorEvent], removed: [String], monitor name: String) throws
}
