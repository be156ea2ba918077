/// Many deadlines served by one clock: countdowns finishing, days rolling over in many zones.
///
/// Schedule, reschedule and cancel by id; each deadline fires once, as an element of
/// ``fired``, when the clock reaches it. A deadline already in the past fires at once
/// (catch-up after downtime). Only one sleeping task exists at a time, waiting for the
/// earliest deadline, whatever the number pending. The clock is injected (`TestClock` in
/// tests, `ContinuousClock` in production).
public actor DeadlineScheduler<ID: Hashable & Sendable, C: Clock> where C.Duration == Duration {
    /// A deadline that fired: its id and the instant it was due.
    public struct Firing: Sendable {
        public let id: ID
        public let deadline: C.Instant

        @inlinable init(id: ID, deadline: C.Instant) {
            self.id = id
            self.deadline = deadline
        }
    }

    /// Deadlines as they fire, in deadline order. Ends when the scheduler is released.
    public nonisolated let fired: Firings

    @usableFromInline let clock: C
    @usableFromInline let continuation: AsyncStream<[Firing]>.Continuation
    @usableFromInline var queue: DeadlineQueue<ID, C.Instant>
    @usableFromInline var wake: (task: Task<Void, Never>, at: C.Instant, token: UInt64)?
    @usableFromInline var nextToken: UInt64 = 0

    /// A scheduler on `clock`; `capacity` reserves room for that many pending deadlines.
    public init(clock: C, capacity: Int = 0) {
        self.clock = clock
        self.queue = DeadlineQueue(capacity: capacity)
        let (batches, continuation) = AsyncStream.makeStream(of: [Firing].self, bufferingPolicy: .unbounded)
        self.fired = Firings(batches: batches)
        self.continuation = continuation
    }

    deinit {
        wake?.task.cancel()
        continuation.finish()
    }

    /// The number of pending deadlines.
    @inlinable
    public var count: Int { queue.count }

    /// The deadline pending for `id`.
    @inlinable
    public func deadline(for id: ID) -> C.Instant? { queue.deadline(for: id) }

    /// Schedules (or reschedules) `id` at `deadline`.
    @inlinable
    public func schedule(_ id: ID, at deadline: C.Instant) {
        queue.schedule(id, at: deadline)
        rearm()
    }

    /// Schedules many deadlines with one hop onto the actor.
    @inlinable
    public func schedule(contentsOf deadlines: some Sequence<(ID, C.Instant)>) {
        for (id, deadline) in deadlines { queue.schedule(id, at: deadline) }
        rearm()
    }

    /// Cancels `id`; returns whether it was pending.
    @inlinable @discardableResult
    public func cancel(_ id: ID) -> Bool {
        defer { rearm() }
        return queue.cancel(id)
    }

    /// Cancels many ids with one hop onto the actor; returns how many were pending.
    @inlinable @discardableResult
    public func cancel(contentsOf ids: some Sequence<ID>) -> Int {
        defer { rearm() }
        return ids.reduce(0) { $0 + (queue.cancel($1) ? 1 : 0) }
    }

    /// Makes sure exactly one task sleeps until the earliest deadline.
    @inlinable
    func rearm() {
        guard let earliest = queue.earliest else {
            wake?.task.cancel()
            wake = nil
            return
        }
        if let wake, wake.at <= earliest { return }
        wake?.task.cancel()
        nextToken &+= 1
        let token = nextToken, clock = clock
        let task = Task { [weak self] in
            do {
                try await clock.sleep(until: earliest, tolerance: nil)
            } catch {
                return
            }
            await self?.fireDue(token: token)
        }
        wake = (task, earliest, token)
    }

    @inlinable
    func fireDue(token: UInt64) {
        guard wake?.token == token else { return }
        wake = nil
        let now = clock.now
        // Everything due is handed over in one batch: one wake-up of the consumer, not one per deadline.
        var batch: [Firing] = []
        while let due = queue.popDue(now) {
            batch.append(Firing(id: due.id, deadline: due.deadline))
        }
        if !batch.isEmpty { continuation.yield(batch) }
        rearm()
    }
}

extension DeadlineScheduler {
    /// The deadlines that fired, one element per deadline, in deadline order.
    public struct Firings: AsyncSequence, Sendable {
        @usableFromInline let batches: AsyncStream<[Firing]>

        @usableFromInline init(batches: AsyncStream<[Firing]>) {
            self.batches = batches
        }

        @inlinable public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(batches: batches.makeAsyncIterator())
        }

        /// Iterates ``Firings``.
        public struct AsyncIterator: AsyncIteratorProtocol {
            @usableFromInline var batches: AsyncStream<[Firing]>.AsyncIterator
            @usableFromInline var batch: [Firing] = []
            @usableFromInline var index = 0

            @usableFromInline init(batches: AsyncStream<[Firing]>.AsyncIterator) {
                self.batches = batches
            }

            @inlinable public mutating func next() async -> Firing? {
                while index == batch.count {
                    guard let next = await batches.next() else { return nil }
                    batch = next
                    index = 0
                }
                defer { index += 1 }
                return batch[index]
            }
        }
    }
}
