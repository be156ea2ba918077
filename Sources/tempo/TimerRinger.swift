#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

/// How the timer daemon rings a finished timer: a desktop notification through `notify-send`
/// when it is on PATH, else the bell (and one line) on the daemon's controlling terminal if it
/// has one; then the timer's `--then` command.
struct TimerRinger {
    /// The environment the daemon was started with (PATH finds `notify-send`).
    let environment: [String: String]
    /// The zone (and units) its messages are written in.
    let display: Display

    /// Rings `alarm`, which finished at `finishedAt`; a failing `--then` is reported on standard
    /// error and does not stop the daemon.
    func ring(_ alarm: TimerAlarm, finishedAt: Date, now: Date) {
        let name = alarm.timer.label ?? "timer \(alarm.timer.shortID)"
        let message = "\(name) finished at \(display.describe(finishedAt, relativeTo: now))"
        if !notify(summary: "tempo: \(name)", body: message) {
            bell(line: "tempo: " + TerminalText.escaped(message))
        }
        guard let command = alarm.thenCommand else { return }
        do {
            try ThenCommand.run(command, environment: [
                "TEMPO_TIMER_ID": alarm.timer.id.uuidString.lowercased(),
                "TEMPO_TIMER_LABEL": alarm.timer.label ?? "",
                "TEMPO_TIMER_FINISHED_AT": JSONOutput.iso8601(finishedAt),
            ])
        } catch {
            FileHandle.standardError.write(Data("tempo timer daemon: \(error)\n".utf8))
        }
    }

    /// Runs `notify-send`; false when it is not on PATH or fails.
    private func notify(summary: String, body: String) -> Bool {
        guard let program = Self.find("notify-send", in: environment["PATH"] ?? "") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--app-name=tempo", summary, body]
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Writes the bell and `line` to the controlling terminal, when there is one.
    private func bell(line: String) {
        let terminal = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return }
        defer { close(terminal) }
        let bytes = Array("\u{07}\r\n\(line)\r\n".utf8)
        _ = bytes.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
    }

    /// The first executable `name` in the colon-separated `path`.
    static func find(_ name: String, in path: String) -> String? {
        path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
