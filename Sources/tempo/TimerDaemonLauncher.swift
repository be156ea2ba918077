import Foundation

/// Starts `tempo timer daemon` for a store when none runs: a background process that outlives
/// the command, with no standard input or output, in the command's session (so it can ring
/// that terminal's bell).
enum TimerDaemonLauncher {
    /// Starts the daemon unless one holds the store's lock. A daemon that loses a start race
    /// finds the lock taken and exits, so at most one runs.
    static func ensureRunning(databasePath: String) throws {
        let absolute = URL(fileURLWithPath: databasePath).standardizedFileURL.path
        guard !DaemonLock.isHeld(path: DaemonLock.path(forDatabase: absolute)) else { return }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["timer", "daemon", "--db", absolute]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start `tempo timer daemon`: \(error.localizedDescription); run it yourself to ring the timer")
        }
    }

    /// This very binary (not whichever `tempo` is first on PATH).
    private static var executable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
