import ArgumentParser
import Foundation
import TempoSync

/// `tempo sync [--json]`: pushes local changes, pulls the server's, prints one line.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push this store's changes to the server, pull others'.",
        discussion: """
            Syncs focus settings and sessions, badges, places, finished runs and timers. \
            Safe to interrupt: the next sync resumes. Overlapping sessions from two devices are \
            trimmed by the server (only uncovered time is added) and every device takes the \
            trimmed version; a session another covers entirely is reported and kept here; for an \
            edit made on two devices the last sync wins.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let path = SyncLogin.path(forDatabase: global.databasePath)
        guard let login = try SyncLogin.load(path: path), let baseURL = URL(string: login.url) else {
            throw SyncError.notLoggedIn(path: path)
        }
        let engine = SyncEngine(database: try global.openDatabase(), client: SyncClient(baseURL: baseURL, token: login.token),
                                now: try global.time.now())
        let report = try await engine.sync()
        if output.json {
            try JSONOutput.print(report)
        } else {
            print(report.line)
        }
    }
}
