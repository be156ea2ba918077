/// Why a recording cannot start.
public enum RunRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Told to continue, but no run was left unfinished.
    case nothingToContinue

    /// The refusal in one line.
    public var description: String {
        switch self {
        case .nothingToContinue: "there is no unfinished run to continue"
        }
    }
}
