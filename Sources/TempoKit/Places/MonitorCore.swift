import Foundation

/// The region monitor as a pure state machine: `(state, fix) → (state′, events)`.
///
/// No clock, no I/O: the caller passes each fix with its own `now` (used only for fixes without a
/// time and for the staleness check) and persists what `process` returns. `RegionMonitor` is the
/// small actor that drives it.
///
/// Rules (see `CircularCondition` for the hysteresis): a fix is ignored when its coordinate is
/// invalid, its accuracy is worse than the policy's limit, its time is not after the last accepted
/// fix's, or it is older than the policy's maximum age. An event is produced only on a change of
/// state. An `unknown` condition becomes `satisfied` when entered; it does not become
/// `unsatisfied` on its own, because a fix only looks at conditions near it and "far away" is the
/// same as "nothing happened" — `unsatisfied` is reported when a satisfied (or assumed-satisfied)
/// condition is convincingly left. Dwell is judged on fix times: the condition is satisfied at the
/// first fix that is convincingly inside at least `dwellSeconds` after the first one of an
/// unbroken run of such fixes; a fix not convincingly inside breaks the run.
public struct MonitorCore: Sendable {
    /// Which fixes are trusted.
    public var policy: MonitorPolicy

    private var index = ConditionIndex()
    private var states: [ConditionState] = []
    /// Options of the few conditions whose options are not the defaults, by slot.
    private var conditionsWithOptions: [Int32: CircularCondition] = [:]
    private var lastEvents: [Int32: MonitorEvent] = [:]
    private var dwellStarts: [Int32: Date] = [:]
    /// Slots that must be looked at on every fix: satisfied, or dwelling.
    private var activeSlots: Set<Int32> = []

    /// The time of the last accepted fix, if any had a time (fixes must come after it).
    public private(set) var lastFixTime: Date?
    /// How many fixes were ignored, by reason (accepted ones are counted too).
    public private(set) var verdictCounts: [FixVerdict: Int] = [:]

    /// An empty monitor.
    public init(policy: MonitorPolicy = MonitorPolicy()) {
        self.policy = policy
    }

    /// Number of conditions.
    public var count: Int { index.count }

    /// Every identifier, sorted.
    public var identifiers: [String] { index.allIdentifiers.sorted() }

    /// Adds a condition, replacing any condition with the same identifier.
    ///
    /// - Parameters:
    ///   - state: the assumed state (CLMonitor's `assuming:`); `.satisfied` means leaving will be
    ///     reported.
    ///   - lastEvent: restores a record's last event when reopening a persisted monitor.
    public mutating func add(
        _ condition: CircularCondition, identifier: String, assuming state: ConditionState = .unknown,
        lastEvent: MonitorEvent? = nil
    ) {
        remove(identifier)
        let slot = index.insert(identifier: identifier, center: condition.center, radiusMeters: condition.radiusMeters)
        let i = Int(slot)
        if i == states.count { states.append(state) } else { states[i] = state }
        if !condition.hasDefaultOptions { conditionsWithOptions[slot] = condition }
        if let lastEvent { lastEvents[slot] = lastEvent }
        if state == .satisfied { activeSlots.insert(slot) }
    }

    /// Removes a condition; returns whether it existed.
    @discardableResult
    public mutating func remove(_ identifier: String) -> Bool {
        guard let slot = index.remove(identifier: identifier) else { return false }
        states[Int(slot)] = .unknown
        conditionsWithOptions[slot] = nil
        lastEvents[slot] = nil
        dwellStarts[slot] = nil
        activeSlots.remove(slot)
        return true
    }

    /// The condition, its state and its last event.
    public func record(for identifier: String) -> ConditionRecord? {
        guard let slot = index.slot(of: identifier) else { return nil }
        return ConditionRecord(identifier: identifier, condition: condition(at: slot),
                               state: states[Int(slot)], lastEvent: lastEvents[slot])
    }

    /// Approximate heap bytes held by the conditions (for benchmarks).
    public var approximateBytes: Int {
        index.approximateBytes + states.capacity + conditionsWithOptions.capacity * 120
            + lastEvents.capacity * 200 + dwellStarts.capacity * 12 + activeSlots.capacity * 4
    }

    /// Feeds one fix and returns what changed.
    ///
    /// - Parameter now: the driver's current instant (UTC); it dates fixes that carry no time and
    ///   decides staleness. Nothing else reads it.
    public mutating func process(_ fix: LocationFix, now: Date) -> MonitorStep {
        let verdict = judge(fix, now: now)
        verdictCounts[verdict, default: 0] += 1
        guard verdict == .accepted else { return MonitorStep(verdict: verdict, events: [], removedIdentifiers: []) }
        if let time = fix.time { lastFixTime = time }
        let instant = fix.time ?? now
        let accuracy = fix.horizontalAccuracyMeters ?? policy.assumedAccuracyMeters
        var events: [MonitorEvent] = []
        var removed: [String] = []

        // Conditions already satisfied or dwelling are few; look at each on every fix.
        for slot in activeSlots.isEmpty ? [] : activeSlots.sorted() {
            let condition = condition(at: slot)
            let distance = Geodesic.distance(condition.center, fix.coordinate)
            if states[Int(slot)] == .satisfied {
                if distance - accuracy >= condition.radiusMeters + condition.exitBufferMeters {
                    states[Int(slot)] = .unsatisfied
                    activeSlots.remove(slot)
                    let left = event(slot, .unsatisfied, instant, fix)
                    lastEvents[slot] = left
                    events.append(left)
                }
            } else if distance + accuracy <= condition.radiusMeters, let start = dwellStarts[slot] {
                if instant.timeIntervalSince(start) >= condition.dwellSeconds {
                    dwellStarts[slot] = nil
                    satisfy(slot, condition, instant, fix, &events, &removed)
                }
            } else {
                dwellStarts[slot] = nil
                activeSlots.remove(slot)
            }
        }

        var entered: [Int32] = []
        index.forEachCandidate(near: fix.coordinate, accuracyMeters: accuracy) { slot in
            if !activeSlots.contains(slot) { entered.append(slot) }
        }
        for slot in entered {
            let condition = condition(at: slot)
            guard Geodesic.distance(condition.center, fix.coordinate) + accuracy <= condition.radiusMeters else { continue }
            if condition.dwellSeconds > 0 {
                dwellStarts[slot] = instant
                activeSlots.insert(slot)
            } else {
                satisfy(slot, condition, instant, fix, &events, &removed)
            }
        }
        return MonitorStep(verdict: .accepted, events: events, removedIdentifiers: removed)
    }

    // MARK: - Private

    private func judge(_ fix: LocationFix, now: Date) -> FixVerdict {
        let coordinate = fix.coordinate
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite,
              (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude)
        else { return .invalidCoordinate }
        if let accuracy = fix.horizontalAccuracyMeters {
            guard accuracy.isFinite, accuracy >= 0, accuracy <= policy.worstAccuracyMeters else { return .tooInaccurate }
        }
        if let time = fix.time {
            if let lastFixTime, time <= lastFixTime { return .outOfOrder }
            if let maximumAge = policy.maximumFixAgeSeconds, now.timeIntervalSince(time) > maximumAge { return .stale }
        }
        return .accepted
    }

    private func condition(at slot: Int32) -> CircularCondition {
        if let condition = conditionsWithOptions[slot] { return condition }
        let i = Int(slot)
        return CircularCondition(unchecked: Coordinate(latitude: index.latitudes[i], longitude: index.longitudes[i]),
                                 radiusMeters: index.radii[i])
    }

    private func event(_ slot: Int32, _ state: ConditionState, _ date: Date, _ fix: LocationFix) -> MonitorEvent {
        MonitorEvent(identifier: index.identifiers[Int(slot)], state: state, date: date, fix: fix)
    }

    private mutating func satisfy(
        _ slot: Int32, _ condition: CircularCondition, _ instant: Date, _ fix: LocationFix,
        _ events: inout [MonitorEvent], _ removed: inout [String]
    ) {
        let event = event(slot, .satisfied, instant, fix)
        events.append(event)
        if condition.isOneShot {
            removed.append(event.identifier)
            remove(event.identifier)
        } else {
            states[Int(slot)] = .satisfied
            lastEvents[slot] = event
            activeSlots.insert(slot)
        }
    }
}
