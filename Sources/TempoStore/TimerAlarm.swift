import Foundation

/// A timer that rings without a watcher: `tempo timer daemon` rings it once when it reaches zero
/// and runs ``thenCommand``.
public struct TimerAlarm: Sendable, Hashable {
    /// The timer, as stored now.
    public let timer: TimerRecord
    /// The shell command to run when it rings (`--then`), if any.
    public let thenCommand: String?

    public init(timer: TimerRecord, thenCommand: String?) {
        self.timer = timer
        self.thenCommand = thenCommand
    }
}
