/// Failures of the `run` commands that are not the store's or a file's, in one line.
enum RunCLIError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case sourceFailed(source: String, reason: String, runID: String)

    var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .sourceFailed(let source, let reason, let runID):
            "\(source): \(reason); what was recorded is kept in run \(runID) (`tempo run record --continue` resumes it)"
        }
    }
}
