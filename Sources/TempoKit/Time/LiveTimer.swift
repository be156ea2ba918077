/// A countdown or stopwatch for a screen: start, pause, resume and cancel it, and iterate
/// ``displays()`` to redraw — the sequence follows every change by itself.
///
/// One clock, injected, is the only notion of now: elapsed time is computed from its instants
/// (never counted ticks), and it paces the redraws, once per shown second. Use
/// `ContinuousClock()` in an app and a test clock in tests. To keep a timer across launches,
/// store a ``Countdown`` or ``Stopwatch`` (wall-clock instants) instead; this type lives in
/// memory.
///
/// ```swift
/// let timer = try LiveTimer(countdown: .seconds(90), clock: ContinuousClock())
/// try await timer.start()
/// for await display in await timer.displays() {
///     label.text = display.text          // "01:30", "01:29", … "00:00"
/// }
/// ```
public actor LiveTimer<C: Clock> where C.Duration == Duration {
    private let clock: C
    private var run: TimerRun<C.Instant>
    private var viewers: [Int: Viewer] = [:]
    private var nextViewer = 0
    private var pacer: Task<Void, Never>?

    /// A countdown of `duration` (more than zero), not started.
    public init(countdown duration: Duration, clock: C) throws(LiveTimerError) {
        guard duration > .zero else { throw .invalidDuration(duration) }
        self.clock = clock
        self.run = TimerRun(total: duration)
    }

    /// A stopwatch, not started; it counts up until cancelled.
    public init(stopwatchOn clock: C) {
        self.clock = clock
        self.run = TimerRun(total: nil)
    }

    /// What the timer shows now.
    public var display: TimerDisplay {
        run.display(at: clock.now)
    }

    /// Starts an idle timer.
    public func start() throws(LiveTimerError) {
        try run.start(at: clock.now)
        changed()
    }

    /// Pauses a running timer; the shown time stays until `resume()`.
    public func pause() throws(LiveTimerError) {
        try run.pause(at: clock.now)
        changed()
    }

    /// Resumes a paused timer from the same elapsed time.
    public func resume() throws(LiveTimerError) {
        try run.resume(at: clock.now)
        changed()
    }

    /// Ends a running or paused timer; every ``displays()`` sequence gets a last, cancelled
    /// display and ends.
    public func cancel() throws(LiveTimerError) {
        try run.cancel(at: clock.now)
        changed()
    }

    /// The displays from now on: the current one at once, then one each time the shown second
    /// changes while running, one on each pause, resume and cancel, and a final one when a
    /// countdown reaches zero; the sequence ends after a finished or cancelled display.
    ///
    /// Each call returns a new sequence, so any number of views may follow one timer. A viewer
    /// that falls behind gets the newest display, not a backlog. Stop iterating (or cancel the
    /// iterating task) to stop following.
    public func displays() -> AsyncStream<TimerDisplay> {
        let (stream, continuation) = AsyncStream.makeStream(of: TimerDisplay.self, bufferingPolicy: .bufferingNewest(1))
        let now = clock.now
        run.settle(at: now)
        let current = run.display(at: now)
        continuation.yield(current)
        guard !current.isFinal else {
            continuation.finish()
            return stream
        }
        let id = nextViewer
        nextViewer += 1
        viewers[id] = Viewer(continuation: continuation, last: current)
        continuation.onTermination = { _ in
            Task { await self.leave(id) }
        }
        pace()
        return stream
    }

    // MARK: - Driving the displays

    /// Shows the state after an operation and restarts the pacing from it.
    private func changed() {
        broadcast(run.display(at: clock.now))
        pace()
    }

    /// Sends `display` to every viewer whose last display showed something else; a final
    /// display ends every sequence.
    private func broadcast(_ display: TimerDisplay) {
        for (id, viewer) in viewers where !viewer.last.showsSame(as: display) {
            viewer.continuation.yield(display)
            viewers[id]?.last = display
        }
        if display.isFinal {
            for viewer in viewers.values { viewer.continuation.finish() }
            viewers.removeAll()
        }
    }

    /// One task sleeps until the next change of the shown second while someone is viewing a
    /// running timer; any operation replaces it.
    private func pace() {
        pacer?.cancel()
        pacer = nil
        guard !viewers.isEmpty, run.nextChange(after: clock.now) != nil else { return }
        pacer = Task { [clock] in await Self.follow(self, on: clock) }
    }

    /// The pacing loop: each deadline comes from the timer's instants, never from the last wake-up.
    private static func follow(_ timer: LiveTimer, on clock: C) async {
        while let deadline = await timer.nextChange() {
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            guard await timer.reached() else { return }
        }
    }

    private func nextChange() -> C.Instant? {
        guard !Task.isCancelled else { return nil }
        return run.nextChange(after: clock.now)
    }

    /// A boundary passed: shows it; false when this pacer was replaced meanwhile.
    private func reached() -> Bool {
        guard !Task.isCancelled else { return false }
        let now = clock.now
        run.settle(at: now)
        broadcast(run.display(at: now))
        return true
    }

    private func leave(_ id: Int) {
        viewers[id] = nil
        if viewers.isEmpty {
            pacer?.cancel()
            pacer = nil
        }
    }

    /// One ``displays()`` sequence and what it was last sent.
    private struct Viewer {
        let continuation: AsyncStream<TimerDisplay>.Continuation
        var last: TimerDisplay
    }
}

extension TimerDisplay {
    /// Whether a screen showing `other` would look the same (state and shown seconds).
    fileprivate func showsSame(as other: TimerDisplay) -> Bool {
        state == other.state && shown == other.shown
    }
}
