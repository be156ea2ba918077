/// The live numbers of a run at one instant, for a display.
///
/// Seconds and metres; `nil` where there is nothing to show yet (no times, no distance).
public struct RunProgress: Sendable, Hashable {
    /// Recorder state.
    public var state: RunRecorder.State
    /// Wall-clock time since start, seconds.
    public var elapsedSeconds: Double?
    /// Timer time (minus manual pauses), seconds.
    public var timerSeconds: Double?
    /// Moving time, seconds.
    public var movingSeconds: Double?
    /// Distance, metres.
    public var distanceMeters: Double
    /// Pace over the last few seconds of movement, seconds per km; `nil` while stopped.
    public var currentPaceSecondsPerKilometer: Double?
    /// Average pace over moving time, seconds per km.
    public var averagePaceSecondsPerKilometer: Double?
    /// Whether the stop detector currently sees the runner standing still.
    public var isStopped: Bool
    /// The 1-based index of the split being run.
    public var currentSplitIndex: Int
    /// Distance run in the current split, metres.
    public var currentSplitDistanceMeters: Double
    /// Moving time in the current split, seconds.
    public var currentSplitMovingSeconds: Double?
}
