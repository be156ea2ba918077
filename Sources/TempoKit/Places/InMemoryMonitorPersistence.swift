import Foundation

/// A `MonitorPersistence` that keeps everything in memory: for tests, and for apps that want a
/// monitor shared by name within one process without durability.
///
/// `@unchecked Sendable` because `lock` guards `monitors` (an `NSLock` rather than `Mutex`,
/// which needs iOS 18 / macOS 15 while TempoKit supports iOS 17 / macOS 14).
public final class InMemoryMonitorPersistence: MonitorPersistence, @unchecked Sendable {
    private let lock = NSLock()
    private var monitors: [String: [String: ConditionRecord]] = [:]

    /// The store every ``RegionMonitor`` uses unless given another: reopening a monitor by name
    /// in the same process restores its conditions, states and last events.
    public static let shared = InMemoryMonitorPersistence()

    /// An empty store of its own (for tests, or monitors that must not meet the shared ones).
    public init() {}

    /// Every condition stored for the monitor (see `MonitorPersistence`).
    public func loadConditions(monitor name: String) throws -> [ConditionRecord] {
        lock.withLock { monitors[name].map { Array($0.values) } ?? [] }
    }

    /// Stores a condition, replacing one with the same identifier.
    public func saveCondition(_ record: ConditionRecord, monitor name: String) throws {
        lock.withLock { monitors[name, default: [:]][record.identifier] = record }
    }

    /// Deletes a condition; unknown identifiers are ignored.
    public func deleteCondition(identifier: String, monitor name: String) throws {
        lock.withLock { _ = monitors[name]?.removeValue(forKey: identifier) }
    }

    /// Applies one fix's events, unreported changes and one-shot removals.
    public func saveEvents(_ events: [MonitorEvent], unreported: [MonitorEvent], removed: [String], monitor name: String) throws {
        lock.withLock {
            for change in unreported { monitors[name]?[change.identifier]?.state = change.state }
            for event in events {
                monitors[name]?[event.identifier]?.state = event.state
                monitors[name]?[event.identifier]?.lastEvent = event
            }
            for identifier in removed { monitors[name]?.removeValue(forKey: identifier) }
        }
    }
}
