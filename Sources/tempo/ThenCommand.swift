import Foundation

/// Runs a user's `--then 'COMMAND'` through `/bin/sh -c`, with extra environment variables.
enum ThenCommand {
    static func run(_ command: String, environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        do {
            try process.run()
        } catch {
            throw CLIError("cannot run --then command '\(command)'")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError("--then command '\(command)' exited with status \(process.terminationStatus)")
        }
    }
}
