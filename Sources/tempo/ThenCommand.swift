import Foundation

/// Runs a user's `--then 'COMMAND'` through `/bin/sh -c`, with extra environment variables.
enum ThenCommand {
    struct Failed: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        var description: String {
            status < 0 ? "cannot run --then command '\(command)'" : "--then command '\(command)' exited with status \(status)"
        }
    }

    static func run(_ command: String, environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        do {
            try process.run()
        } catch {
            throw Failed(command: command, status: -1)
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(command: command, status: process.terminationStatus) }
    }
}
