extension Ticker {
    /// A ticker for a live line that is redrawn every second: one tick at once, then one on each
    /// following second of `clock` (deadlines follow each other, so the line never drifts).
    ///
    /// The ticks carry no value the caller should show; the caller reads its own state (the
    /// store, the wall clock) on each tick.
    public static func everySecond(on clock: C) -> Ticker {
        Ticker(clock: clock, elapsed: .zero, isRunning: true, mode: .stopwatch)
    }
}
