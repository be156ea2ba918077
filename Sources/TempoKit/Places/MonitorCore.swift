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
///
/// A condition with an `ActiveWindow` is judged on each fix's time. Its state follows the fixes
/// whatever the window (the hysteresis holds across the window's edges), but only changes at
/// fixes inside the window are reported; a change outside it is returned as an unreported change,
/// to be persisted without telling anyone. The condition's last event is what was last reported:
/// - a window opening while the device is inside: the first accepted fix at or after
///   `from` that is still inside reports one `satisfied` (a one-shot condition is removed then);
/// - leaving before the window opens, or after it closed, reports nothing; in particular a
///   window closing while the device is inside reports nothing (the ticket has expired: no
///   "left" notification, as seed 004's users expect), neither then nor when the device leaves;
/// - inside the window, `unsatisfied` is reported only after a reported `satisfied`.
public struct MonitorCore: Sendable {
    /// Which fixes are trusted.
    public var policy: MonitorPolicy

    /// A condition that must be looked at on every fix (satisfied, or dwelling), with the distance
    /// last computed for it and where: by the triangle inequality the distance from any later
    /// position differs by at most the distance moved, so most fixes need no geodesic. The
    /// distance is exact while the condition dwells; a satisfied one may hold an upper bound,
    /// which is all its exit test needs.
    private struct Active: Sendable {
        var slot: Int32
        var distanceMeters: Double
        var latitude: Double
        var longitude: Double
        var dwellStart: Date?
    }

    /// Per-slot flag bits.
    private enum Flag {
        static let hasOptions: UInt8 = 1
        static let active: UInt8 = 4
    }

    private var index = ConditionIndex()
    /// The few conditions whose options are not the defaults, by slot.
    private var conditionsWithOptions: [Int32: CircularCondition] = [:]
    /// Each condition's last reported event, where its slot says.
    private var lastEvents = EventPool()
    /// Satisfied or dwelling conditions: few, in the order they became active.
    private var active: [Active] = []
    /// Reused between fixes so that processing a fix allocates nothing in the common case: the
    /// candidates near the fix, and what the fix changed (handed out in its `MonitorStep`).
    private var candidates: [Int32] = []
    private var cellQueries: [ConditionIndex.CellQuery] = []
    private var events: [MonitorEvent] = []
    private var removed: [String] = []
    private var unreported: [MonitorEvent] = []

    /// The time of the last accepted fix, if any had a time (fixes must come after it).
    public private(set) var lastFixTime: Date?
    /// How many fixes were accepted or ignored, by reason.
    public var verdictCounts: [FixVerdict: Int] {
        var counts = ignoredCounts
        if acceptedCount > 0 { counts[.accepted] = acceptedCount }
        return counts
    }
    /// Accepted fixes so far: while a fix is processed, its number (its events share a record of it).
    private var acceptedCount = 0
    private var ignoredCounts: [FixVerdict: Int] = [:]

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
    ///   - condition: the circle to watch.
    ///   - identifier: the condition's name, unique in the monitor.
    ///   - state: the assumed state (CLMonitor's `assuming:`); `.satisfied` means leaving will be
    ///     reported.
    ///   - lastEvent: restores a record's last event when reopening a persisted monitor (it is
    ///     the condition's: `record(for:)` gives it back under `identifier`).
    public mutating func add(
        _ condition: CircularCondition, identifier: String, assuming state: ConditionState = .unknown,
        lastEvent: MonitorEvent? = nil
    ) {
        let hash = IdentifierTable.hash(identifier)
        if let old = index.slot(of: identifier, hash: hash) { remove(slot: old) }
        let slot = index.insert(identifier: identifier, hash: hash, center: condition.center,
                                radiusMeters: condition.radiusMeters, state: state)
        let i = Int(slot)
        if !condition.hasDefaultOptions {
            conditionsWithOptions[slot] = condition
            index.slots[i].flags |= Flag.hasOptions
        }
        if let lastEvent {
            setLastEvent(slot, lastEvent.state, lastEvent.date, lastEvent.fix, fixNumber: nil)
            lastEvents.releaseReplaced()
        }
        if state == .satisfied {
            // Unknown distance: the first fix computes it exactly.
            active.append(Active(slot: slot, distanceMeters: .infinity, latitude: condition.center.latitude,
                                 longitude: condition.center.longitude, dwellStart: nil))
            index.slots[i].flags |= Flag.active
        }
    }

    /// Removes a condition; returns whether it existed.
    @discardableResult
    public mutating func remove(_ identifier: String) -> Bool {
        guard let slot = index.slot(of: identifier) else { return false }
        remove(slot: slot)
        return true
    }

    private mutating func remove(slot: Int32) {
        if index.slots[Int(slot)].flags & Flag.active != 0, let at = active.firstIndex(where: { $0.slot == slot }) {
            active.remove(at: at)
        }
        forget(slot: slot)
    }

    /// Removes the condition in `slot` from everything but `active` (`process` drops it from
    /// there as it goes).
    private mutating func forget(slot: Int32) {
        let flags = index.slots[Int(slot)].flags
        lastEvents.release(index.slots[Int(slot)].lastEvent)
        index.remove(slot: slot)
        if flags & Flag.hasOptions != 0 { conditionsWithOptions[slot] = nil }
    }

    /// The condition, its state and its last event.
    public func record(for identifier: String) -> ConditionRecord? {
        guard let slot = index.slot(of: identifier) else { return nil }
        return ConditionRecord(identifier: identifier, condition: condition(at: slot),
                               state: index.slots[Int(slot)].state, lastEvent: lastEvent(slot))
    }

    /// Approximate heap bytes held by the conditions (for benchmarks).
    public var approximateBytes: Int {
        index.approximateBytes + conditionsWithOptions.capacity * 120
            + lastEvents.bytes + active.capacity * 40
    }

    /// Feeds one fix and returns what changed.
    ///
    /// - Parameters:
    ///   - fix: the position report.
    ///   - now: the driver's current instant (UTC); it dates fixes that carry no time and
    ///     decides staleness. Nothing else reads it.
    public mutating func process(_ fix: LocationFix, now: Date) -> MonitorStep {
        let verdict = judge(fix, now: now)
        guard verdict == .accepted else {
            ignoredCounts[verdict, default: 0] += 1
            return MonitorStep(verdict: verdict, events: [], removedIdentifiers: [], unreportedChanges: [])
        }
        acceptedCount += 1
        if let time = fix.time { lastFixTime = time }
        let instant = fix.time ?? now
        let accuracy = fix.horizontalAccuracyMeters ?? policy.assumedAccuracyMeters
        events.removeAll(keepingCapacity: true)
        if !removed.isEmpty { removed.removeAll(keepingCapacity: true) }
        if !unreported.isEmpty { unreported.removeAll(keepingCapacity: true) }
        let latitude = fix.latitude, longitude = fix.longitude
        let cosLatitude = cos(latitude * (Double.pi / 180))
        // The cells near the fix first: their lookups load while the active conditions are judged.
        index.lookUp(fix.coordinate, into: &cellQueries)

        // Conditions that stay active move down over those that leave, in their order.
        var kept = 0
        for position in active.indices {
            var entry = active[position]
            let condition = condition(at: entry.slot)
            let moved = Self.movedAtMost(entry.latitude, entry.longitude, latitude, longitude, cosLatitude1: cosLatitude)
            func exactDistance() -> Double {
                let distance = Geodesic.distance(condition.center, fix.coordinate)
                entry.distanceMeters = distance
                entry.latitude = latitude
                entry.longitude = longitude
                return distance
            }
            if index.slots[Int(entry.slot)].state == .satisfied {
                let exit = condition.radiusMeters + condition.exitBufferMeters
                // Far away (a jump, or a fix after a long gap): a bound from the differences in
                // latitude and longitude, or else the chord, proves it without the geodesic, whose
                // solution at hundreds of kilometres costs many times more.
                let certainlyLeft = entry.distanceMeters + moved - accuracy >= exit
                    && (Self.distanceAtLeast(condition.center, fix.coordinate, cosLatitude1: cosLatitude,
                                             ifAtMost: exit + accuracy) - accuracy >= exit
                        || Geodesic.chordMeters(condition.center, fix.coordinate) - accuracy >= exit)
                if !certainlyLeft, entry.distanceMeters + moved - accuracy < exit || exactDistance() - accuracy < exit {
                    // A window that opened while the device stood inside: report the entry now.
                    if !condition.window.isAlways, condition.window.contains(instant),
                       lastEventState(entry.slot) != .satisfied {
                        if report(satisfied: entry.slot, condition, instant, fix) { continue }
                    }
                    active[kept] = entry
                    kept += 1
                    continue
                }
                index.slots[Int(entry.slot)].state = .unsatisfied
                index.slots[Int(entry.slot)].flags &= ~Flag.active
                if condition.window.isAlways
                    || (condition.window.contains(instant) && lastEventState(entry.slot) == .satisfied) {
                    setLastEvent(entry.slot, .unsatisfied, instant, fix, fixNumber: acceptedCount)
                    events.append(event(entry.slot, .unsatisfied, instant, fix))
                } else {
                    unreported.append(event(entry.slot, .unsatisfied, instant, fix))
                }
                continue
            }
            // Dwelling: still convincingly inside?
            let inside: Bool
            if entry.distanceMeters + moved + accuracy <= condition.radiusMeters {
                inside = true
            } else if entry.distanceMeters - moved + accuracy > condition.radiusMeters
                        || Geodesic.chordMeters(condition.center, fix.coordinate) + accuracy > condition.radiusMeters {
                inside = false
            } else {
                inside = exactDistance() + accuracy <= condition.radiusMeters
            }
            guard inside, let start = entry.dwellStart else {
                index.slots[Int(entry.slot)].flags &= ~Flag.active
                continue
            }
            if instant.timeIntervalSince(start) >= condition.dwellSeconds {
                entry.dwellStart = nil
                if satisfy(entry.slot, condition, instant, fix) { continue }
            }
            active[kept] = entry
            kept += 1
        }
        while active.count > kept { active.removeLast() }

        candidates.empty()
        // A one-shot condition removed above may have moved the cells' runs.
        if !removed.isEmpty { index.lookUp(fix.coordinate, into: &cellQueries) }
        index.collectCandidates(cellQueries, skippedFlags: Flag.active, into: &candidates)
        for slot in candidates {
            let condition = condition(at: slot)
            // Bounds settle most candidates; near the border (or to start a dwell, whose test
            // needs the exact distance) the geodesic does.
            let radius = condition.radiusMeters
            if Self.distanceAtLeast(condition.center, fix.coordinate, cosLatitude1: cosLatitude, ifAtMost: radius)
                + accuracy > radius { continue }
            var distance = Self.distanceAtMost(condition.center, fix.coordinate, cosLatitude1: cosLatitude)
            if condition.dwellSeconds > 0 || distance + accuracy > condition.radiusMeters {
                distance = Geodesic.distance(condition.center, fix.coordinate)
                guard distance + accuracy <= condition.radiusMeters else { continue }
            }
            if condition.dwellSeconds == 0, satisfy(slot, condition, instant, fix) { continue }
            active.append(Active(slot: slot, distanceMeters: distance, latitude: latitude, longitude: longitude,
                                 dwellStart: condition.dwellSeconds > 0 ? instant : nil))
            index.slots[Int(slot)].flags |= Flag.active
        }
        lastEvents.releaseReplaced()
        return MonitorStep(verdict: .accepted, events: events, removedIdentifiers: removed, unreportedChanges: unreported)
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

    /// The last event reported for the condition in `slot`, if any.
    private func lastEvent(_ slot: Int32) -> MonitorEvent? {
        let record = index.slots[Int(slot)]
        guard record.lastEvent != EventPool.noRecord else { return nil }
        let shared = lastEvents[record.lastEvent]
        return MonitorEvent(identifier: index.identifier(at: slot), state: record.lastEventState, date: shared.date,
                            fix: shared.fix)
    }

    /// The state of the last event reported for the condition in `slot`, if any.
    private func lastEventState(_ slot: Int32) -> ConditionState? {
        let i = Int(slot)
        return index.slots[i].lastEvent == EventPool.noRecord ? nil : index.slots[i].lastEventState
    }

    /// Records the event to `state` at `date` caused by `fix` as the last reported for the
    /// condition in `slot`; `fixNumber` is that of the accepted fix that caused it, nil for a
    /// restored event.
    private mutating func setLastEvent(
        _ slot: Int32, _ state: ConditionState, _ date: Date, _ fix: LocationFix, fixNumber: Int?
    ) {
        let i = Int(slot)
        index.slots[i].lastEvent = lastEvents.store(date: date, fix: fix, fixNumber: fixNumber,
                                                    replacing: index.slots[i].lastEvent)
        index.slots[i].lastEventState = state
    }

    private func condition(at slot: Int32) -> CircularCondition {
        let i = Int(slot)
        if index.slots[i].flags & Flag.hasOptions != 0, let condition = conditionsWithOptions[slot] { return condition }
        return CircularCondition(unchecked: Coordinate(latitude: index.slots[i].latitude, longitude: index.slots[i].longitude),
                                 radiusMeters: index.slots[i].radiusMeters)
    }

    private func event(_ slot: Int32, _ state: ConditionState, _ date: Date, _ fix: LocationFix) -> MonitorEvent {
        MonitorEvent(identifier: index.identifier(at: slot), state: state, date: date, fix: fix)
    }

    /// Marks a condition satisfied and reports it (or removes a one-shot one) when its
    /// window is open at `instant`; returns whether it was removed.
    private mutating func satisfy(_ slot: Int32, _ condition: CircularCondition, _ instant: Date, _ fix: LocationFix) -> Bool {
        guard condition.window.contains(instant) else {
            index.slots[Int(slot)].state = .satisfied
            unreported.append(event(slot, .satisfied, instant, fix))
            return false
        }
        return report(satisfied: slot, condition, instant, fix)
    }

    /// Reports a condition satisfied (removing a one-shot one, which the caller then leaves out
    /// of `active`); returns whether it was removed.
    private mutating func report(
        satisfied slot: Int32, _ condition: CircularCondition, _ instant: Date, _ fix: LocationFix
    ) -> Bool {
        events.append(event(slot, .satisfied, instant, fix))
        if condition.isOneShot {
            removed.append(index.identifier(at: slot))
            forget(slot: slot)
            return true
        }
        index.slots[Int(slot)].state = .satisfied
        setLastEvent(slot, .satisfied, instant, fix, fixNumber: acceptedCount)
        return false
    }
}
