import Foundation

/// Prints places events as they happen (a line each, or one JSON object per line) and runs a
/// shell command per event with the event in its environment (`TEMPO_EVENT_*`).
struct PlacesEventPrinter: Sendable {
    /// One JSON object per line instead of text.
    var json: Bool
    /// A shell command (`/bin/sh -c`) to run after each event; `nil` for none.
    var then: String?

    /// Handles one event: prints it, then runs `then` and waits for it. A failing command is
    /// reported on standard error and does not stop the watch.
    func handle(_ event: PlacesEvent) async throws {
        let line = String(decoding: try JSONOutput.encoder(pretty: false).encode(event), as: UTF8.self)
        if json {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        } else {
            FileHandle.standardOutput.write(Data("\(JSONOutput.iso8601(event.time))  \(event.message)\n".utf8))
        }
        if let then { Self.run(then, environment: event.environment(json: line)) }
    }

    private static func run(_ command: String, environment: [String: String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                FileHandle.standardError.write(Data("tempo: --then command exited with status \(process.terminationStatus)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("tempo: cannot run --then command: \(error.localizedDescription)\n".utf8))
        }
    }
}
