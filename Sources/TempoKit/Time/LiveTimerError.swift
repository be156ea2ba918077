/// Why a ``LiveTimer`` refused an operation.
public enum LiveTimerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An operation on a live timer.
    public enum Action: String, Sendable { case start, pause, resume, cancel }

    /// A countdown's length must be more than zero.
    case invalidDuration(Duration)
    /// The operation does not fit the timer's state (pausing a paused timer…).
    case invalidTransition(Action, from: TimerDisplay.State)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .invalidDuration(let duration): "a countdown must last more than zero seconds, not \(duration)"
        case .invalidTransition(let action, let state): "cannot \(action.rawValue) a timer that is \(state.rawValue)"
        }
    }
}
