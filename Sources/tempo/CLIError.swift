import Foundation

/// A command's own failure (not a library's), as the one line the person reads; exit status 1.
///
/// Library errors (`StoreError`, `FormatError`, `FocusError`, …) are thrown through unchanged;
/// ``Tempo/exitStatus(for:)`` maps every error to its exit status in one place.
struct CLIError: Error, CustomStringConvertible {
    /// The message, without the `tempo: ` prefix.
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A file the command had to write could not be written.
    static func cannotWrite(path: String, reason: String) -> CLIError {
        CLIError("cannot write \(path): \(reason)")
    }

    /// A file the command had to write could not be written, with the reason a person reads
    /// (`is a directory`, the system's words for an errno) instead of Foundation's error code.
    static func cannotWrite(path: String, error: any Error) -> CLIError {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return cannotWrite(path: path, reason: "it is a directory")
        }
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return cannotWrite(path: path, reason: String(cString: strerror(Int32(underlying.code))))
        }
        return cannotWrite(path: path, reason: (error as NSError).localizedDescription)
    }

    /// A fix source failed; `runID` names the run that keeps what was recorded (nil: nothing was).
    static func sourceFailed(source: String, reason: String, runID: String?) -> CLIError {
        guard let runID else { return CLIError("\(source): \(reason); nothing was recorded") }
        return CLIError("\(source): \(reason); what was recorded is kept in run \(runID) (`tempo run record --continue` resumes it)")
    }
}
