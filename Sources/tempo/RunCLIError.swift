/// Failures of the `run` commands that are not the store's or a file's, in one line.
enum RunCLIError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    /// The fix source failed; `runID` names the run that keeps what was recorded (nil: nothing was).
    case sourceFailed(source: String, reason: String, runID: String?)

    var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .sourceFailed(let source, let reason, nil):
            "\(source): \(reason); nothing was recorded"
        case .sourceFailed(let source, let reason, let runID?):
            "\(source): \(reason); what was recorded is kept in run \(runID) (`tempo run record --continue` resumes it)"
        }
    }
}
