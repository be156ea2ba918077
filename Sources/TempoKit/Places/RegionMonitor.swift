import Foundation

/// A region monitor in the shape of Apple's `CLMonitor`, without its region cap and without flapping.
///
/// Open one by name: its conditions, states and last events come back from the injected
/// `MonitorPersistence` — by default ``InMemoryMonitorPersistence/shared``, so a monitor reopened
/// by name in the same process restores them (pass a durable store, such as TempoStore's, to
/// survive a restart). Every change is persisted before it is reported.
///
/// **Each event is delivered once**, to whoever fed the fix that caused it: as the return value
/// of ``process(_:now:)``, or as an element of the sequence ``events(for:now:)`` returns for the
/// fixes it was given. There is no second, shared channel to drain, so nothing is handled twice
/// and nothing piles up unread. The rules live in `MonitorCore`, a pure state machine; this actor
/// only serialises access and does the I/O.
public actor RegionMonitor {
    /// The name the monitor was opened with.
    public nonisolated let name: String

    private let persistence: any MonitorPersistence
    private var core: MonitorCore

    /// Opens the monitor `name`, restoring what `persistence` holds for it.
    ///
    /// - Parameters:
    ///   - name: the monitor's name; conditions are stored under it.
    ///   - persistence: where conditions and states live; the default keeps them in memory for
    ///     the life of the process, shared by every monitor of the same name.
    ///   - policy: which fixes to trust (accuracy, age) and how conditions are judged.
    /// - Throws: `PlaceError.persistence` when the store cannot be read.
    public init(
        named name: String, persistence: any MonitorPersistence = InMemoryMonitorPersistence.shared,
        policy: MonitorPolicy = MonitorPolicy()
    ) throws(PlaceError) {
        self.name = name
        self.persistence = persistence
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

    /// Feeds one fix, persists the changes it caused, then returns them: the only place these
    /// events are delivered.
    ///
    /// - Parameters:
    ///   - fix: the position report (in an app, `LocationFix(location)`).
    ///   - now: the driver's clock reading (UTC); see ``MonitorCore/process(_:now:)``.
    /// - Throws: `PlaceError.persistence`; the in-memory state has then advanced but nothing was
    ///   reported, so a restarted process reports the change again rather than losing it.
    @discardableResult
    public func process(_ fix: LocationFix, now: Date) throws(PlaceError) -> [MonitorEvent] {
        let step = core.process(fix, now: now)
        guard !step.events.isEmpty || !step.removedIdentifiers.isEmpty || !step.unreportedChanges.isEmpty else { return [] }
        try persist {
            try $0.saveEvents(step.events, unreported: step.unreportedChanges, removed: step.removedIdentifiers, monitor: name)
        }
        return step.events
    }

    /// The events caused by `fixes`, in order, as CLMonitor's `events` gives them: each fix is
    /// fed to ``process(_:now:)`` as it arrives and its events are delivered here, once.
    ///
    /// Each call returns its own sequence for its own fixes; it ends when `fixes` ends, and
    /// throws what `fixes` or the persistence throws. Stop iterating (or cancel the iterating
    /// task) to stop consuming `fixes`.
    ///
    /// - Parameters:
    ///   - fixes: the positions, in order (in an app, `LocationFix(location)` for each update).
    ///   - now: read once per fix (UTC): dates fixes without a time and judges staleness; pass
    ///     your clock, or `Date.init` in an app.
    public nonisolated func events<Fixes: AsyncSequence & Sendable>(
        for fixes: Fixes, now: @escaping @Sendable () -> Date
    ) -> AsyncThrowingStream<MonitorEvent, any Error> where Fixes.Element == LocationFix {
        AsyncThrowingStream { continuation in
            let feeding = Task {
                do {
                    for try await fix in fixes {
                        for event in try await self.process(fix, now: now()) { continuation.yield(event) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in feeding.cancel() }
        }
    }

    /// How many fixes were accepted or ignored, by reason.
    public var verdictCounts: [FixVerdict: Int] { core.verdictCounts }

    private func persist(_ body: (any MonitorPersistence) throws -> Void) throws(PlaceError) {
        do {
            try body(persistence)
        } catch {
            throw .persistence(String(describing: error))
        }
    }
}
