import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Countdown timers kept in the store, not in a process.",
        discussion: """
            A timer keeps running when the command exits; any later command shows the right \
            remaining time, and `finished_at` is the instant it reached zero. \
            `tempo timer 25m` starts a timer and watches it; `tempo timer start 25m --notify` \
            rings it without a watcher (see `tempo timer daemon`).
            """,
        subcommands: [StartAndWatch.self, Start.self, Watch.self, Pause.self, Resume.self, Cancel.self, Status.self, List.self, Clear.self, Daemon.self],
        defaultSubcommand: StartAndWatch.self
    )
}

/// Options shared by the commands that start a timer.
struct NewTimerOptions: ParsableArguments {
    @Argument(help: "How long: 90s, 25m, 1h30m or 1:30:00.")
    var duration: String

    @Option(help: "A name to show and to refer to the timer by.")
    var label: String?

    func length() throws -> Duration {
        do {
            return try DurationParser.duration(duration)
        } catch {
            throw ValidationError(error.description)
        }
    }

    mutating func validate() throws {
        guard try length() > .zero else { throw ValidationError("the duration must be longer than zero") }
        if let label, label.isEmpty { throw ValidationError("the label must not be empty") }
    }

    /// Stores the new timer, running from `now`; with `ringing`, it is handed to the timer
    /// daemon, which rings it at zero and runs `then`.
    func start(in database: AppDatabase, at now: Date, ringing: Bool = false, then: String? = nil) throws -> TimerRecord {
        var countdown = try Countdown(duration: length())
        try countdown.start(at: now)
        let timer = TimerRecord(label: label, createdAt: now, countdown: countdown)
        if ringing {
            try database.insertTimer(timer, alarmThen: then)
        } else {
            try database.insertTimer(timer)
        }
        return timer
    }
}

/// Options for naming an existing timer.
struct TimerReference: ParsableArguments {
    @Argument(help: "The timer's id (or its first characters) or label; default: the one active timer.", completion: StoreCompletion.timers)
    var timer: String?
}

extension TimerCommand {
    struct StartAndWatch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "now", abstract: "Start a timer and watch it (the default: `tempo timer 25m`).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var timer: NewTimerOptions
        @Option(help: "A shell command to run when the timer finishes.")
        var then: String?

        func run() async throws {
            let now = try global.time.now()
            let database = try global.openDatabase()
            let record = try timer.start(in: database, at: now)
            try await TimerWatch(database: database, id: record.id, then: then, time: global.time, display: global.display()).run()
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a timer and return at once.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var timer: NewTimerOptions
        @Flag(help: "Ring when it reaches zero, without a watcher: `tempo timer daemon` is started if none runs.")
        var notify = false
        @Option(help: "A shell command the timer daemon runs when the timer finishes (implies --notify).")
        var then: String?
        @OptionGroup var output: OutputOptions

        func run() throws {
            let now = try global.time.now()
            // `[timer] notify = true` in the config file makes every timer ring.
            let rings = try notify || then != nil || (Preferences.current.get().timerNotify ?? false)
            let record = try timer.start(in: global.openDatabase(), at: now, ringing: rings, then: then)
            if rings { try TimerDaemonLauncher.ensureRunning(databasePath: global.databasePath) }
            try TimerOutput.show(record, at: now, json: output.json, display: output.json ? nil : global.display())
        }
    }

    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Watch a timer: space pauses or resumes, c cancels, q leaves it running.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var reference: TimerReference
        @Option(help: "A shell command to run when the timer finishes.")
        var then: String?

        func run() async throws {
            let database = try global.openDatabase()
            let record = try database.timer(matching: reference.timer, at: try global.time.now())
            try await TimerWatch(database: database, id: record.id, then: then, time: global.time, display: global.display()).run()
        }
    }

    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a running timer.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var reference: TimerReference

        func run() throws {
            try TimerOutput.change(reference.timer, in: global, verb: "Paused") { try $0.pause(at: $1) }
        }
    }

    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume", abstract: "Resume a paused timer (default: the one paused timer, even if others run).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var reference: TimerReference

        func run() throws {
            let timer = try TimerOutput.change(reference.timer, in: global, verb: "Resumed", unnamed: .paused) { try $0.resume(at: $1) }
            // The daemon leaves when the last ringing timer pauses; it is needed again.
            if try global.openDatabase(.readOnly).hasPendingAlarm(timerID: timer.id) {
                try TimerDaemonLauncher.ensureRunning(databasePath: global.databasePath)
            }
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a running or paused timer.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var reference: TimerReference

        func run() throws {
            try TimerOutput.change(reference.timer, in: global, verb: "Cancelled") { try $0.cancel(at: $1) }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show one timer (default: the active one).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var reference: TimerReference
        @OptionGroup var output: OutputOptions

        func run() throws {
            let now = try global.time.now()
            let database = try global.openDatabase(.readOnly)
            let record = try database.timerShown(matching: reference.timer, at: now)
            try TimerOutput.show(record, at: now, json: output.json, display: output.json ? nil : global.display())
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List timers, newest first.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let now = try global.time.now()
            let timers = try global.openDatabase(.readOnly).timers()
            if output.json { return try JSONOutput.print(timers.map { TimerStatus($0, at: now) }) }
            guard !timers.isEmpty else { return print(TimerListText.empty) }
            print(TimerListText.table(timers.map { ($0.id, $0.label, $0.countdown) }, at: now, wallTime: try global.display().wallTime))
        }
    }
}

/// Printing timers for people and as JSON.
enum TimerOutput {
    static func show(_ timer: TimerRecord, at now: Date, json: Bool, display: Display?) throws {
        guard let display, !json else { return try JSONOutput.print(TimerStatus(timer, at: now)) }
        let countdown = timer.countdown
        let state = countdown.state(at: now)
        var line = "\(TerminalText.escaped(timer.displayName))  \(state.rawValue)  \(ClockText.duration(countdown.remaining(at: now), rounding: .up)) left of \(ClockText.duration(countdown.duration))  \(ProgressBar.render(countdown.progress(at: now)))"
        if state == .finished, let finished = countdown.finishedAt {
            line += "  finished at \(display.describe(finished, relativeTo: now))"
        } else if state == .running, let deadline = countdown.deadline {
            line += "  finishes at \(display.describe(deadline, relativeTo: now))"
        }
        print(line)
    }

    /// Applies `change` to the named timer in one transaction and says what happened.
    @discardableResult
    static func change(
        _ reference: String?, in global: GlobalOptions, verb: String, unnamed: AppDatabase.UnnamedTimer = .active,
        _ change: @escaping @Sendable (inout Countdown, Date) throws -> Void
    ) throws -> TimerRecord {
        let now = try global.time.now()
        let timer = try global.openDatabase(.update).updateTimer(matching: reference, at: now, unnamed: unnamed) { timer in
            do {
                try change(&timer.countdown, now)
            } catch let error as CountdownError {
                throw StoreError.refused("\(TerminalText.escaped(timer.displayName)): \(error.description)")
            }
        }
        print("\(verb) \(TerminalText.escaped(timer.displayName)): \(ClockText.duration(timer.countdown.remaining(at: now), rounding: .up)) left")
        return timer
    }
}
