/// The last reported event of every condition that has one, in one array: a condition's slot
/// holds its position (``ConditionIndex/Slot/lastEvent``), so recording an event is a store at a
/// known place — an append for a condition's first event — instead of a hashed insert into a
/// table as large as the monitor (on random jumps across a million conditions, every fix
/// records several events).
struct EventPool: Sendable {
    /// The events, by position; a released position keeps its old event until reused.
    private(set) var events: [MonitorEvent] = []
    /// Released positions, reused first.
    private var free: [Int32] = []

    /// Stores `event` at `position` (a position this pool gave), or at a new position when
    /// `position` is `noPosition`; returns where it is.
    mutating func store(_ event: MonitorEvent, at position: Int32) -> Int32 {
        if position != Self.noPosition {
            events[Int(position)] = event
            return position
        }
        if let reused = free.popLast() {
            events[Int(reused)] = event
            return reused
        }
        events.append(event)
        return Int32(events.count - 1)
    }

    /// Gives `position` back (its condition was removed).
    mutating func release(_ position: Int32) {
        if position != Self.noPosition { free.append(position) }
    }

    /// The event at `position`, nil for `noPosition`.
    subscript(position: Int32) -> MonitorEvent? {
        position == Self.noPosition ? nil : events[Int(position)]
    }

    /// No event stored.
    static let noPosition: Int32 = -1

    /// Approximate heap bytes held (capacities).
    var bytes: Int { events.capacity * MemoryLayout<MonitorEvent>.stride + free.capacity * 4 }
}
