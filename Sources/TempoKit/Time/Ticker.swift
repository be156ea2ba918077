import Foundation

/// An `AsyncSequence` that yields once each time the displayed whole second changes.
///
/// Ticks only refresh a display; the numbers come from stored instants. The first element is
/// the value at the moment iteration starts; after that, one element on each boundary where
/// the shown second changes — elapsed seconds for a stopwatch (rounded down), remaining
/// seconds for a countdown (rounded up) — and a final element when a countdown reaches zero.
/// A paused stopwatch or countdown yields its current value once and ends. Each deadline is
/// the previous deadline plus one second, so ticks never drift; a consumer that falls behind
/// skips the boundaries it missed instead of receiving a burst of stale values. Cancelling
/// the iterating task ends the sequence.
public struct Ticker<C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
    /// What is counted.
    public enum Mode: Sendable, Equatable {
        /// Elapsed time counting up without end.
        case stopwatch
        /// Remaining time counting down from `total` to zero.
        case countdown(total: Duration)
    }

    /// One display refresh.
    public struct Tick: Sendable, Equatable {
        /// Running time at the boundary (for a countdown, never more than its total).
        public let elapsed: Duration
        /// The whole second to show: elapsed (stopwatch) or remaining (countdown).
        public let displayedSecond: Int
        /// True on a countdown's last element, when it reaches zero.
        public let isFinal: Bool
    }

    private let clock: C
    private let elapsed: Duration
    private let isRunning: Bool
    private let mode: Mode

    /// A ticker for a value that has run `elapsed` and is running (or not) now; `clock` is only
    /// used to wait for boundaries.
    public init(clock: C, elapsed: Duration, isRunning: Bool, mode: Mode) {
        self.clock = clock
        self.elapsed = Swift.max(.zero, elapsed)
        self.isRunning = isRunning
        self.mode = mode
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(ticker: self)
    }

    /// Iterates a ``Ticker``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let ticker: Ticker
        private var anchor: C.Instant?
        private var deadline: C.Instant?
        private var done = false

        fileprivate init(ticker: Ticker) {
            self.ticker = ticker
        }

        public mutating func next() async -> Tick? {
            guard !done else { return nil }
            guard let anchor else {
                let now = ticker.clock.now
                anchor = now
                let tick = ticker.tick(elapsed: ticker.elapsed)
                if ticker.isRunning, !tick.isFinal {
                    deadline = now.advanced(by: ticker.firstBoundary() - ticker.elapsed)
                } else {
                    done = true
                }
                return tick
            }
            guard var deadline else { return nil }
            do {
                try await ticker.clock.sleep(until: deadline, tolerance: nil)
            } catch {
                done = true
                return nil
            }
            let now = ticker.clock.now
            while deadline.advanced(by: .seconds(1)) <= now, !ticker.isFinal(anchor.duration(to: deadline) + ticker.elapsed) {
                deadline = deadline.advanced(by: .seconds(1))
            }
            let tick = ticker.tick(elapsed: ticker.elapsed + anchor.duration(to: deadline))
            if tick.isFinal { done = true }
            self.deadline = deadline.advanced(by: .seconds(1))
            return tick
        }
    }

    // MARK: - Boundaries

    private func isFinal(_ elapsed: Duration) -> Bool {
        if case .countdown(let total) = mode { return elapsed >= total }
        return false
    }

    private func tick(elapsed: Duration) -> Tick {
        switch mode {
        case .stopwatch:
            return Tick(elapsed: elapsed, displayedSecond: Int(elapsed.wholeSecondsDown), isFinal: false)
        case .countdown(let total):
            let clamped = Swift.min(elapsed, total)
            return Tick(elapsed: clamped, displayedSecond: Int((total - clamped).wholeSecondsUp), isFinal: clamped >= total)
        }
    }

    /// The first running time after `elapsed` at which the shown second changes.
    private func firstBoundary() -> Duration {
        switch mode {
        case .stopwatch:
            return .seconds(elapsed.wholeSecondsDown + 1)
        case .countdown(let total):
            let remaining = total - elapsed
            return total - .seconds(remaining.wholeSecondsUp - 1)
        }
    }
}

extension Ticker {
    /// A ticker showing a stored stopwatch's elapsed time, as of the wall-clock instant `now`;
    /// `clock` (any clock, a test clock included) only paces the ticks. For a timer that lives
    /// in memory, ``LiveTimer`` follows pause and resume by itself.
    public init(stopwatch: Stopwatch, at now: Date, clock: C) {
        self.init(clock: clock, elapsed: stopwatch.elapsed(at: now),
                  isRunning: stopwatch.state == .running, mode: .stopwatch)
    }

    /// A ticker showing a stored countdown's remaining time, as of the wall-clock instant `now`;
    /// `clock` (any clock) only paces the ticks.
    public init(countdown: Countdown, at now: Date, clock: C) {
        self.init(clock: clock, elapsed: countdown.elapsed(at: now),
                  isRunning: countdown.state(at: now) == .running,
                  mode: .countdown(total: countdown.duration))
    }
}

extension Duration {
    /// Whole seconds, rounded down (for non-negative durations).
    var wholeSecondsDown: Int64 { components.seconds }

    /// Whole seconds, rounded up (for non-negative durations).
    var wholeSecondsUp: Int64 { components.seconds + (components.attoseconds > 0 ? 1 : 0) }
}
