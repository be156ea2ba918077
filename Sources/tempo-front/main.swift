import CFrontStart
import Foundation
import TempoKit
import TempoToolCore

// The installed `tempo`. A shell prompt or a status bar runs `tempo focus status` every second,
// so this binary answers the commands that only read (`--help`, `focus status`, `timer list`)
// from the store through SQLite's C interface, without the argument parser, GRDB and the
// server's libraries, and hands every other command line to the full tool (`tempo_pass_on`,
// Sources/CFrontStart/pass_on.c, which passes a line that cannot be quick on before `main`).
// Its answers are the full tool's, byte for byte (TempoCLITests.QuickPathTests); whatever it
// does not expect (a config file, a pomodoro cycle, a store of another schema, any error) it
// passes on, and the full tool answers or reports it.
//
// `TEMPO_QUICK_ONLY=1` makes it say what it would pass on, and exit 3, instead of passing it on
// (for tests and benchmarks, which must know that the quick path answered).

let arguments = Array(CommandLine.arguments.dropFirst())
/// The variables the quick path reads, and only those (`ProcessInfo.environment` decodes every
/// variable of the process into a dictionary).
let environment = ["TEMPO_DB", "TEMPO_NOW", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "COLUMNS"]
    .reduce(into: [String: String]()) { variables, name in variables[name] = getenv(name).map { String(cString: $0) } }

do {
    guard let command = QuickCommand(arguments, environment: environment) else { throw PassOn("not a quick command") }
    switch command {
    case .help:
        PackageResources.root_help_txt.withUnsafeBufferPointer { standardOutput($0) }
    case let .focusStatus(db, json):
        let status = try QuickFocus.status(try quickStore(db), now: try now())
        if json {
            // The document JSONEncoder writes, without its set-up (FlatJSON), else JSONEncoder's.
            var document = try (try? FlatJSON.pretty(status))
                ?? String(decoding: TempoJSON.encoder(pretty: true).encode(status), as: UTF8.self) + "\n"
            document.withUTF8 { standardOutput($0) }
        } else {
            print(FocusStatusText.lines(status).joined(separator: "\n"))
        }
    case let .timerList(db, json):
        let now = try now()
        let timers = try QuickTimers.list(try quickStore(db))
        if json {
            var document = try FlatJSON.pretty(array: timers.map { TimerStatus(id: $0.id, label: $0.label, countdown: $0.countdown, at: now) })
            document.withUTF8 { standardOutput($0) }
        } else if timers.isEmpty {
            print(TimerListText.empty)
        } else {
            // The system's zone: a config file naming another is the full tool's (`quickStore`).
            print(TimerListText.table(timers, at: now, wallTime: WallTime(zone: TimeZone.current)))
        }
    }
} catch {
    tempo_pass_on(CommandLine.unsafeArgv, (error as? PassOn)?.reason ?? "\(error)")
}

/// The store the command names; nil when there is none yet. A config file (which may set the
/// zone, day start and goal) is read by the full tool only.
func quickStore(_ db: String?) throws -> QuickStore? {
    guard !FileManager.default.fileExists(atPath: ToolPaths.config(environment: environment)) else {
        throw PassOn("a config file to read")
    }
    return try QuickStore.open(path: ToolPaths.database(db, environment: environment))
}

/// `TEMPO_NOW` when set, else the system clock; either must lie in ``ValidRange/instants``.
func now() throws -> Date {
    let text = environment["TEMPO_NOW"] ?? ""
    guard let instant = text.isEmpty ? Date() : FocusImport.isoDateText(text) else { throw PassOn("TEMPO_NOW is not an instant") }
    try ValidRange.check(instant: instant, "now")
    return instant
}

/// Writes bytes to the standard output as they are (`Data` and `FileHandle` would cost a
/// dynamic cast, and its scan of every protocol conformance in the process).
func standardOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var next = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
        let written = write(STDOUT_FILENO, next, left)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        next += written
        left -= written
    }
}
