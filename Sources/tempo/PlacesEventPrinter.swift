import Foundation
import TempoStore
import TempoToolCore

/// Prints places events as they happen (a line each, or one JSON object per line) and runs a
/// shell command per event with the event in its environment (`TEMPO_EVENT_*`).
struct PlacesEventPrinter: Sendable {
    /// One JSON object per line instead of text.
    var json: Bool
    /// A shell command (`/bin/sh -c`) to run after each event; `nil` for none.
    var then: String?
    /// Where events are printed.
    var output: FileHandle = .standardOutput
    /// The zone event times are shown in (text only; JSON keeps UTC).
    var display: Display

    /// Handles one event: prints it, then runs `then` and waits for it. A failing command is
    /// reported on standard error and does not stop the watch.
    func handle(_ event: PlacesEvent) async throws {
        let line = String(decoding: try JSONOutput.encoder(pretty: false).encode(event), as: UTF8.self)
        if json {
            output.write(Data((line + "\n").utf8))
        } else {
            output.write(Data("\(display.instant(event.time))  \(event.message)\n".utf8))
        }
        guard let then else { return }
        do {
            try ThenCommand.run(then, environment: event.environment(json: line))
        } catch {
            FileHandle.standardError.write(Data("tempo: \(TerminalText.escaped("\(error)"))\n".utf8))
        }
    }
}
