#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Whether a command may colour its output with ANSI escapes: only when standard output is a
/// terminal, and never when `NO_COLOR` is set to anything but the empty string
/// (https://no-color.org).
enum ColourOutput {
    /// The decision for this process.
    static var isWanted: Bool {
        isWanted(environment: ProcessInfo.processInfo.environment, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// The decision for a given environment and standard output.
    static func isWanted(environment: [String: String], standardOutputIsTerminal: Bool) -> Bool {
        standardOutputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
