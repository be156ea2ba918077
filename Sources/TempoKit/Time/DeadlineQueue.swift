import Foundation

/// Pending deadlines by id, earliest first: the pure part of ``DeadlineScheduler``.
///
/// A 4-ary min-heap of `(instant, slot)` plus a slot table that records each id's heap
/// position, so schedule, reschedule and cancel are O(log n) with no search. About 90 bytes
/// per pending deadline for `UUID` ids and `ContinuousClock` instants.
public struct DeadlineQueue<ID: Hashable & Sendable, Instant: Comparable & Sendable>: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var instant: Instant
        @usableFromInline var slot: UInt32

        @inlinable init(instant: Instant, slot: UInt32) {
            self.instant = instant
            self.slot = slot
        }
    }

    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var id: ID
        @usableFromInline var position: Int32

        @inlinable init(id: ID, position: Int32) {
            self.id = id
            self.position = position
        }
    }

    @usableFromInline var heap: [Entry] = []
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var freeSlots: [UInt32] = []
    @usableFromInline var slotByID: [ID: UInt32] = [:]

    /// An empty queue.
    @inlinable public init() {}

    /// An empty queue with room for `capacity` deadlines.
    @inlinable public init(capacity: Int) {
        heap.reserveCapacity(capacity)
        slots.reserveCapacity(capacity)
        slotByID.reserveCapacity(capacity)
    }

    /// The number of pending deadlines.
    @inlinable public var count: Int { heap.count }

    /// Whether nothing is pending.
    @inlinable public var isEmpty: Bool { heap.isEmpty }

    /// The earliest pending deadline.
    @inlinable public var earliest: Instant? { heap.first?.instant }

    /// The deadline pending for `id`.
    @inlinable public func deadline(for id: ID) -> Instant? {
        guard let slot = slotByID[id] else { return nil }
        return heap[Int(slots[Int(slot)].position)].instant
    }

    /// Schedules `id` at `instant`, replacing any deadline it already had.
    @_specialize(where ID == Foundation.UUID, Instant == ContinuousClock.Instant)
    @inlinable public mutating func schedule(_ id: ID, at instant: Instant) {
        if let slot = slotByID[id] {
            let position = Int(slots[Int(slot)].position)
            let earlier = instant < heap[position].instant
            heap[position].instant = instant
            if earlier { siftUp(position) } else { siftDown(position) }
            return
        }
        let slot: UInt32
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[Int(slot)] = Slot(id: id, position: Int32(heap.count))
        } else {
            slot = UInt32(slots.count)
            slots.append(Slot(id: id, position: Int32(heap.count)))
        }
        slotByID[id] = slot
        heap.append(Entry(instant: instant, slot: slot))
        siftUp(heap.count - 1)
    }

    /// Cancels `id`'s deadline; returns whether one was pending.
    @_specialize(where ID == Foundation.UUID, Instant == ContinuousClock.Instant)
    @inlinable @discardableResult
    public mutating func cancel(_ id: ID) -> Bool {
        guard let slot = slotByID.removeValue(forKey: id) else { return false }
        remove(at: Int(slots[Int(slot)].position))
        return true
    }

    /// Removes and returns the earliest deadline if it is at or before `now`.
    @_specialize(where ID == Foundation.UUID, Instant == ContinuousClock.Instant)
    @inlinable public mutating func popDue(_ now: Instant) -> (id: ID, deadline: Instant)? {
        guard let first = heap.first, first.instant <= now else { return nil }
        let id = slots[Int(first.slot)].id
        slotByID.removeValue(forKey: id)
        remove(at: 0)
        return (id, first.instant)
    }

    // MARK: - Heap

    @inlinable mutating func remove(at position: Int) {
        let removed = heap[position].slot
        freeSlots.append(removed)
        slots[Int(removed)].position = -1
        let last = heap.removeLast()
        guard position < heap.count else { return }
        heap[position] = last
        slots[Int(last.slot)].position = Int32(position)
        if position > 0, last.instant < heap[(position - 1) / 4].instant {
            siftUp(position)
        } else {
            siftDown(position)
        }
    }

    @inlinable mutating func siftUp(_ start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 4
            guard entry.instant < heap[parent].instant else { break }
            move(heap[parent], to: child)
            child = parent
        }
        move(entry, to: child)
    }

    @inlinable mutating func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            let first = 4 * parent + 1
            guard first < count else { break }
            var smallest = first
            for child in (first + 1)..<Swift.min(first + 4, count) where heap[child].instant < heap[smallest].instant {
                smallest = child
            }
            guard heap[smallest].instant < entry.instant else { break }
            move(heap[smallest], to: parent)
            parent = smallest
        }
        move(entry, to: parent)
    }

    @inlinable
    mutating func move(_ entry: Entry, to position: Int) {
        heap[position] = entry
        slots[Int(entry.slot)].position = Int32(position)
    }
}
