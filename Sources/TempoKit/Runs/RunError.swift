/// Why the recorder refused a command.
public enum RunError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command makes no sense in the run's current state (e.g. resume while running).
    case invalidCommand(RunAction, state: RunRecorder.State)

    /// One line for a person.
    public var description: String {
        switch self {
        case .invalidCommand(let command, let state): "cannot \(command.rawValue) a run that is \(state.rawValue)"
        }
    }
}
