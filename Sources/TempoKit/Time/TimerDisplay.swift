/// What a live countdown or stopwatch shows at one moment: an element of
/// ``LiveTimer/displays()``.
public struct TimerDisplay: Sendable, Equatable {
    /// Where the timer is in its life.
    public enum State: String, Sendable, Equatable, CaseIterable {
        /// Made, not started.
        case idle
        /// Counting.
        case running
        /// Stopped for now; `resume()` continues from the same elapsed time.
        case paused
        /// A countdown that reached zero (a stopwatch never finishes).
        case finished
        /// Ended by `cancel()`.
        case cancelled
    }

    /// The state at this moment.
    public let state: State
    /// Running time so far (pauses excluded); for a countdown never more than its total.
    public let elapsed: Duration
    /// Time left, for a countdown; `nil` for a stopwatch.
    public let remaining: Duration?
    /// The whole seconds to show: remaining time rounded up for a countdown (`00:01` stays until
    /// zero), elapsed time rounded down for a stopwatch.
    public let shown: Duration

    /// `shown` as clock text: `MM:SS` under an hour, `HH:MM:SS` from an hour on.
    public var text: String {
        ClockText.format(wholeSeconds: Int(shown.components.seconds))
    }

    /// True once the timer can change no more (finished or cancelled): the last display.
    public var isFinal: Bool { state == .finished || state == .cancelled }

    /// A display of `elapsed` running time; `total` is the countdown's length, `nil` for a stopwatch.
    init(state: State, elapsed: Duration, total: Duration?) {
        self.state = state
        if let total {
            let clamped = Swift.min(Swift.max(.zero, elapsed), total)
            self.elapsed = clamped
            self.remaining = total - clamped
            self.shown = .seconds((total - clamped).wholeSecondsUp)
        } else {
            self.elapsed = Swift.max(.zero, elapsed)
            self.remaining = nil
            self.shown = .seconds(self.elapsed.wholeSecondsDown)
        }
    }
}
