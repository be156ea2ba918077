import ArgumentParser
import Foundation
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus start [TAG]`.
    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a focus session (stopping the running one at the same instant).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A tag for the session (math, thesis…).") var tag: String?

        func run() async throws {
            let context = try FocusContext(global: global)
            try context.advancePomodoro()
            let now = context.now, tag = tag
            let (stopped, started) = try context.database.changeFocus { ledger in ledger.start(tag: tag, at: now) }
            if let stopped {
                print("Stopped \(TerminalText.escaped(stopped.displayName)) after \(ClockText.format(seconds: stopped.durationSeconds(at: now)))")
            }
            print("Started \(TerminalText.escaped(started.displayName))")
        }
    }

    /// `focus pause`.
    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the running session.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let now = context.now
            let session = try context.database.changeFocus { ledger in try ledger.pause(at: now) }
            print("Paused \(TerminalText.escaped(session.displayName)) at \(ClockText.format(seconds: session.durationSeconds(at: now)))")
        }
    }

    /// `focus resume`.
    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume the paused session.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let now = context.now
            let session = try context.database.changeFocus { ledger in try ledger.resume(at: now) }
            print("Resumed \(TerminalText.escaped(session.displayName)) at \(ClockText.format(seconds: session.durationSeconds(at: now)))")
        }
    }

    /// `focus stop`.
    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running or paused session.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            try context.advancePomodoro()
            let now = context.now
            let session = try context.database.changeFocus { ledger in try ledger.stop(at: now) }
            print("Stopped \(TerminalText.escaped(session.displayName)) after \(ClockText.format(seconds: session.durationSeconds(at: now)))"
                  + (session.clockWentBackwards ? " (the clock went backwards during it; backwards time counts zero)" : ""))
        }
    }

    /// `focus cancel`.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Discard the running or paused session, as if never started.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let session = try context.database.changeFocus { ledger in try ledger.cancel() }
            print("Cancelled \(TerminalText.escaped(session.displayName))")
        }
    }

    /// `focus add --start TIME --end TIME [--tag TAG] [--trim]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a past session.",
            discussion: """
                TIME is ISO 8601 with an offset (2024-03-31T01:30:00+01:00) or a local time YYYY-MM-DD HH:MM in the \
                configured zone. A local time skipped by a DST change is an error; one that occurs twice (clocks set back) \
                is its first occurrence — give an offset to mean the second.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "When the session started.") var start: String
        @Option(help: "When it ended.") var end: String
        @Option(help: "A tag.") var tag: String?
        @Flag(help: "Add only the time not covered by existing sessions instead of refusing an overlap.") var trim = false

        func run() async throws {
            // The times are read in the configured zone before the store is opened for writing.
            let context = try FocusContext(global: global, access: .readOnly)
            let settings = try context.settings()
            let zone = try DayCalendar.ianaTimeZone(settings.timeZoneIdentifier)
            let startDate = try FocusInstantParser.parse(start, in: zone)
            let endDate = try FocusInstantParser.parse(end, in: zone)
            let session: FocusSession
            do {
                session = try global.openDatabase().addFocusSession(start: startDate, end: endDate, tag: tag, trim: trim, now: context.now)
            } catch let error as FocusError {
                guard case .overlap = error else { throw error }
                throw CLIError("\(error); use --trim to add only the time around it")
            }
            print("Added \(TerminalText.escaped(session.displayName)): \(ClockText.format(seconds: session.durationSeconds(at: context.now)))")
        }
    }
}
