/// The pure model behind ``LiveTimer``: a countdown or stopwatch as instants of one clock.
///
/// Elapsed time is `banked + (now − runningSince)`, never a count of ticks; a countdown is
/// finished from the instant its elapsed time reaches its total, whenever that is observed.
struct TimerRun<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// The countdown's length; `nil` for a stopwatch.
    let total: Duration?
    /// The state as of the last operation (a running countdown may have finished since: see
    /// ``state(at:)``).
    private(set) var recorded: TimerDisplay.State = .idle
    /// Running time of the periods that have ended.
    private(set) var banked: Duration = .zero
    /// When the current running period began.
    private(set) var runningSince: Instant?

    /// A countdown of `total` or, for `nil`, a stopwatch.
    init(total: Duration?) {
        self.total = total
    }

    /// The instant a running countdown reaches zero; `nil` otherwise.
    var deadline: Instant? {
        guard let total, let runningSince else { return nil }
        return runningSince.advanced(by: total - banked)
    }

    /// The state at `now`: a running countdown whose deadline has passed is finished.
    func state(at now: Instant) -> TimerDisplay.State {
        if let deadline, deadline <= now { return .finished }
        return recorded
    }

    /// Running time at `now`, never more than a countdown's total.
    func elapsed(at now: Instant) -> Duration {
        let running = runningSince.map { Swift.max(.zero, $0.duration(to: now)) } ?? .zero
        let elapsed = banked + running
        if let total { return Swift.min(elapsed, total) }
        return elapsed
    }

    /// What to show at `now`.
    func display(at now: Instant) -> TimerDisplay {
        TimerDisplay(state: state(at: now), elapsed: elapsed(at: now), total: total)
    }

    /// The first instant after `now` at which the shown second changes (or the countdown
    /// finishes), computed from the stored instants so a late wake-up never shifts later ones;
    /// `nil` unless running.
    func nextChange(after now: Instant) -> Instant? {
        guard state(at: now) == .running, let runningSince else { return nil }
        let elapsed = elapsed(at: now)
        let target: Duration
        if let total {
            let shown = (total - elapsed).wholeSecondsUp
            target = total - .seconds(shown - 1)
        } else {
            target = .seconds(elapsed.wholeSecondsDown + 1)
        }
        return runningSince.advanced(by: target - banked)
    }

    /// Records that a countdown observed at `now` has finished (nothing for any other state).
    mutating func settle(at now: Instant) {
        guard recorded == .running, state(at: now) == .finished, let total else { return }
        banked = total
        runningSince = nil
        recorded = .finished
    }

    /// Starts an idle timer.
    mutating func start(at now: Instant) throws(LiveTimerError) {
        try require(.idle, for: .start, at: now)
        runningSince = now
        recorded = .running
    }

    /// Pauses a running timer.
    mutating func pause(at now: Instant) throws(LiveTimerError) {
        try require(.running, for: .pause, at: now)
        banked = elapsed(at: now)
        runningSince = nil
        recorded = .paused
    }

    /// Resumes a paused timer.
    mutating func resume(at now: Instant) throws(LiveTimerError) {
        try require(.paused, for: .resume, at: now)
        runningSince = now
        recorded = .running
    }

    /// Ends a running or paused timer for good, keeping its elapsed time.
    mutating func cancel(at now: Instant) throws(LiveTimerError) {
        settle(at: now)
        guard recorded == .running || recorded == .paused else { throw .invalidTransition(.cancel, from: recorded) }
        banked = elapsed(at: now)
        runningSince = nil
        recorded = .cancelled
    }

    private mutating func require(_ expected: TimerDisplay.State, for action: LiveTimerError.Action, at now: Instant) throws(LiveTimerError) {
        settle(at: now)
        guard recorded == expected else { throw .invalidTransition(action, from: recorded) }
    }
}
