/// What a runner (or a file's lap records) can tell the recorder.
public enum RunAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// Start the run (its timer, elapsed and moving time begin).
    case start
    /// Pause the timer; fixes are ignored until `resume`, and the track is not bridged.
    case pause
    /// Resume after a pause.
    case resume
    /// Start a new lap.
    case lap
    /// End the run.
    case stop
}
