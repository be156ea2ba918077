import Foundation

/// A region monitor in the shape of Apple's `CLMonitor`, without its region cap and without flapping.
///
/// Open one by name: its conditions, states and last events come back from the injected
/// `MonitorPersistence`. Feed it fixes with `process(_:now:)` or from any `AsyncSequence` with
/// `monitor(_:now:)`; every change is persisted before it is reported, both as the return value
/// and on `events`. The rules live in `MonitorCore`, a pure state machine; this actor only
/// serialises access and does the I/O.
public actor RegionMonitor {
    /// The name the monitor was opened with.
    public nonisolated let name: String
    /// Every state change, in order (CLMonitor's `events`). One consumer; buffered as chosen at
    /// init (unbounded by default); ends when `finish()` is called.
    public nonisolated let events: AsyncStream<MonitorEvent>

    private let continuation: AsyncStream<MonitorEvent>.Continuation
    private let persistence: any MonitorPersistence
    private var core: MonitorCore

    /// Opens the monitor `name`, restoring what `persistence` holds for it.
    ///
    /// - Parameter eventBuffering: how `events` buffers while nobody is iterating it; a caller
    ///   that only uses `process`'s return value passes `.bufferingNewest(0)` so nothing piles up.
    /// - Throws: `PlaceError.persistence` when the store cannot be read.
    public init(
        named name: String, persistence: any MonitorPersistence = InMemoryMonitorPersistence(),
        policy: MonitorPolicy = MonitorPolicy(),
        eventBuffering: AsyncStream<MonitorEvent>.Continuation.BufferingPolicy = .unbounded
    ) throws(PlaceError) {
        self.name = name
        self.persistence = persistence
        (events, continuation) = AsyncStream.makeStream(of: MonitorEvent.self, bufferingPolicy: eventBuffering)
        var core = MonitorCore(policy: policy)
        let records: [ConditionRecord]
        do {
            records = try persistence.loadConditions(monitor: name)
        } catch {
            throw .persistence(String(describing: error))
        }
        for record in records {
            core.add(record.condition, identifier: record.identifier, assuming: record.state, lastEvent: record.lastEvent)
        }
        self.core = core
    }

    /// Every identifier, sorted.
    public var identifiers: [String] { core.identifiers }

    /// The condition, its state and its last event, or `nil` for an unknown identifier.
    public func record(for identifier: String) -> ConditionRecord? {
        core.record(for: identifier)
    }

    /// Adds (or replaces) a condition with an assumed state, unknown by default, and persists it.
    public func add(_ condition: CircularCondition, identifier: String, assuming state: ConditionState = .unknown) throws(PlaceError) {
        guard !identifier.isEmpty else { throw .emptyIdentifier }
        let record = ConditionRecord(identifier: identifier, condition: condition, state: state, lastEvent: nil)
        try persist { try $0.saveCondition(record, monitor: name) }
        core.add(condition, identifier: identifier, assuming: state)
    }

    /// Removes a condition (nothing happens for an unknown identifier).
    public func remove(_ identifier: String) throws(PlaceError) {
        try persist { try $0.deleteCondition(identifier: identifier, monitor: name) }
        core.remove(identifier)
    }

    /// Feeds one fix, persists the changes it caused, then reports them (also on `events`).
    ///
    /// - Parameter now: the driver's clock reading (UTC); see `MonitorCore.process`.
    /// - Throws: `PlaceError.persistence`; the in-memory state has then advanced but nothing was
    ///   reported, so a restarted process reports the change again rather than losing it.
    @discardableResult
    public func process(_ fix: LocationFix, now: Date) throws(PlaceError) -> [MonitorEvent] {
        let step = core.process(fix, now: now)
        guard !step.events.isEmpty || !step.removedIdentifiers.isEmpty || !step.unreportedChanges.isEmpty else { return [] }
        try persist {
            try $0.saveEvents(step.events, unreported: step.unreportedChanges, removed: step.removedIdentifiers, monitor: name)
        }
        for event in step.events { continuation.yield(event) }
        return step.events
    }

    /// Feeds every fix of `fixes` until it ends; `now` is read once per fix.
    public func monitor<Fixes: AsyncSequence>(
        _ fixes: Fixes, now: @Sendable () -> Date
    ) async throws where Fixes.Element == LocationFix {
        for try await fix in fixes {
            try process(fix, now: now())
        }
    }

    /// How many fixes were accepted or ignored, by reason.
    public var verdictCounts: [FixVerdict: Int] { core.verdictCounts }

    /// Ends `events`.
    public func finish() {
        continuation.finish()
    }

    private func persist(_ body: (any MonitorPersistence) throws -> Void) throws(PlaceError) {
        do {
            try body(persistence)
        } catch {
            throw .persistence(String(describing: error))
        }
    }
}
