import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

/// `--at TIME` of the commands that change the active session.
struct FocusAtOption: ParsableArguments {
    @Option(parsing: .unconditional, help: "When it happened instead of now: 09:00, yesterday 9:00, -15m, monday 14:30 or ISO 8601 (focus zone).")
    var at: String?
}

extension FocusCommand {
    /// `focus start [TAG…] [--at TIME]`.
    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a focus session (stopping the running one at the same instant).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var when: FocusAtOption
        @Argument(help: "Tags for the session (thesis writing…).") var tags: [String] = []

        func run() async throws {
            let context = try FocusContext(global: global)
            try context.advancePomodoro()
            let now = context.now, tags = tags
            // Only a time typed with --at is checked: at `now`, a wall clock set back is flagged, not refused.
            let at = try when.at.map(context.instant) ?? now
            let (stopped, started) = try context.database.changeFocus("start", loadingFrom: when.at == nil ? nil : at) { ledger in
                if at != now { try ledger.checkBackdated(at, starting: true, now: now) }
                return ledger.start(tags: tags, at: at)
            }
            if let stopped {
                print("Stopped \(TerminalText.escaped(stopped.displayName)) after \(ClockText.duration(stopped.duration(at: at)))")
            }
            print("Started \(TerminalText.escaped(started.displayName))")
        }
    }

    /// `focus pause [--at TIME]`.
    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the running session.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var when: FocusAtOption

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let now = context.now
            let at = try when.at.map(context.instant) ?? now
            let session = try context.database.changeFocus("pause") { ledger in
                if at != now { try ledger.checkBackdated(at, starting: false, now: now) }
                return try ledger.pause(at: at)
            }
            print("Paused \(TerminalText.escaped(session.displayName)) at \(ClockText.duration(session.duration(at: now)))")
        }
    }

    /// `focus resume [--at TIME]`.
    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume the paused session.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var when: FocusAtOption

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let now = context.now
            let at = try when.at.map(context.instant) ?? now
            let session = try context.database.changeFocus("resume") { ledger in
                if at != now { try ledger.checkBackdated(at, starting: false, now: now) }
                return try ledger.resume(at: at)
            }
            print("Resumed \(TerminalText.escaped(session.displayName)) at \(ClockText.duration(session.duration(at: at)))")
        }
    }

    /// `focus stop [--at TIME]`.
    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running or paused session.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var when: FocusAtOption

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            try context.advancePomodoro()
            let now = context.now
            let at = try when.at.map(context.instant) ?? now
            let session = try context.database.changeFocus("stop") { ledger in
                if at != now { try ledger.checkBackdated(at, starting: false, now: now) }
                return try ledger.stop(at: at)
            }
            print("Stopped \(TerminalText.escaped(session.displayName)) after \(ClockText.duration(session.duration(at: now)))"
                  + (session.clockWentBackwards ? " (the clock went backwards during it; backwards time counts zero)" : ""))
        }
    }

    /// `focus cancel`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Discard the running or paused session, as if never started.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let session = try context.database.changeFocus("cancel") { ledger in try ledger.cancel() }
            print("Cancelled \(TerminalText.escaped(session.displayName))")
        }
    }

    /// `focus add --start TIME (--end TIME | --duration D) [--tag TAG…] [--trim]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a past session.",
            discussion: """
                TIME is 09:00 (today), yesterday 9:00, monday 14:30 (the latest Monday, today included), -15m, \
                YYYY-MM-DD HH:MM in the configured zone, or ISO 8601 with an offset (2024-03-31T01:30:00+01:00). \
                A local time skipped by a DST change is an error; one that occurs twice (clocks set back) is its \
                first occurrence — give an offset to mean the second.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(parsing: .unconditional, help: "When the session started.") var start: String
        @Option(parsing: .unconditional, help: "When it ended.") var end: String?
        @Option(help: "How long it lasted instead of --end (25m, 1h30m, 1:30:00).") var duration: String?
        @Option(name: .customLong("tag"), help: "A tag (repeat for several).") var tags: [String] = []
        @Flag(help: "Add only the time not covered by existing sessions instead of refusing an overlap.") var trim = false

        func validate() throws {
            if (end == nil) == (duration == nil) { throw ValidationError("give either --end or --duration") }
        }

        func run() async throws {
            // The times are read in the configured zone before the store is opened for writing.
            let context = try FocusContext(global: global, access: .readOnly)
            let startDate = try context.instant(start)
            let endDate = try end.map(context.instant) ?? startDate.adding(DurationParser.duration(duration ?? ""))
            let session: FocusSession
            do {
                session = try global.openDatabase().addFocusSession(start: startDate, end: endDate, tags: tags, trim: trim, now: context.now)
            } catch let error as FocusError {
                guard case .overlap = error else { throw error }
                throw CLIError("\(FocusContext.message(for: error)); use --trim to add only the time around it")
            }
            print("Added \(TerminalText.escaped(session.displayName)): \(ClockText.duration(session.duration(at: context.now)))")
        }
    }
}
