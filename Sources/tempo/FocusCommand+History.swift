import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension FocusCommand {
    /// `focus log [--from --to --tag]`.
    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log", abstract: "List sessions: short id, local start and end (focus zone), duration, tags.",
            discussion: "--from/--to take a date (YYYY-MM-DD: that whole focus day) or any time focus add takes. JSON keeps UTC.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var range: FocusRangeOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            let settings = try context.settings()
            let (from, to) = try range.instants(context: context, calendar: try settings.calendar())
            let sessions = try context.database.focusLedger(from: from, to: to).filtered(tag: range.tag)
                .sessions(from: from, to: to, now: context.now)
            if output.json {
                try JSONOutput.print(sessions.map { FocusLogJSON($0, now: context.now) })
                return
            }
            let zone = try DayCalendar.ianaTimeZone(settings.timeZoneIdentifier)
            let rows = sessions.map { FocusLogLine(session: $0, zone: zone, now: context.now).cells }
            guard !rows.isEmpty else {
                print("No focus sessions" + (range.tag.map { " tagged \(TerminalText.escaped($0))" } ?? "") + ".")
                return
            }
            // Tags, of any length, go last and unaligned.
            let table = FocusReportTable.table([["id", "start", "end", "duration"]] + rows.map { Array($0.prefix(4)) })
            for (line, tags) in zip(table, ["tags"] + rows.map { $0[4] }) { print((line + "  " + tags).trimmingTrailingSpaces()) }
        }
    }

    /// `focus edit ID [--start T] [--end T] [--tag TAG…] [--no-tags]`.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a session's start, end or tags (undo with `focus undo`).",
            discussion: "ID is the short id `focus log` prints (at least 4 hex digits). --tag replaces every tag.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id or id prefix.") var id: String
        @Option(parsing: .unconditional, help: "A new start (any time focus add takes).") var start: String?
        @Option(parsing: .unconditional, help: "A new end (a stopped session).") var end: String?
        @Option(name: .customLong("tag"), help: "The session's tags (repeat for several; replaces them).") var tags: [String] = []
        @Flag(name: .customLong("no-tags"), help: "Remove every tag.") var noTags = false

        func validate() throws {
            if start == nil, end == nil, tags.isEmpty, !noTags { throw ValidationError("nothing to change: give --start, --end, --tag or --no-tags") }
            if noTags, !tags.isEmpty { throw ValidationError("--tag and --no-tags exclude each other") }
        }

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            let startDate = try start.map(context.instant), endDate = try end.map(context.instant)
            let newTags: [String]? = noTags ? [] : tags.isEmpty ? nil : tags
            let session = try global.openDatabase().editFocusSession(id, start: startDate, end: endDate, tags: newTags, now: context.now)
            let zone = try DayCalendar.ianaTimeZone(try context.settings().timeZoneIdentifier)
            let line = FocusLogLine(session: session, zone: zone, now: context.now)
            print("Edited \(TerminalText.escaped(session.displayName)): \(line.start) to \(line.end), \(line.duration)")
        }
    }

    /// `focus delete ID`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a session (undo with `focus undo`).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session's id or id prefix.") var id: String

        func run() async throws {
            let context = try FocusContext(global: global, access: .update)
            let session = try context.database.deleteFocusSession(id)
            print("Deleted \(TerminalText.escaped(session.displayName)) (\(ClockText.duration(session.duration(at: context.now))))")
        }
    }

    /// `focus continue [ID] [--at TIME]`.
    struct Continue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "continue", abstract: "Start a new session with the tags of the latest session, or of the one named.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var when: FocusAtOption
        @Argument(help: "The session's id or id prefix (default: the latest).") var id: String?

        func run() async throws {
            let context = try FocusContext(global: global)
            try context.advancePomodoro()
            let at = try when.at.map(context.instant)
            let (stopped, started) = try context.database.continueFocus(id, at: at, now: context.now)
            if let stopped {
                print("Stopped \(TerminalText.escaped(stopped.displayName)) after \(ClockText.duration(stopped.duration(at: at ?? context.now)))")
            }
            print("Started \(TerminalText.escaped(started.displayName))")
        }
    }

    /// `focus undo [--list]`.
    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Take back the latest change of the ledger (start, stop, pause, resume, cancel, add, edit, delete, continue, import, pomodoro).",
            discussion: "Run it again to go further back; the last 1,000 changes are kept in the store.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "List what can be undone, latest first, instead of undoing.") var list = false

        func run() async throws {
            let context = try FocusContext(global: global, access: list ? .readOnly : .update)
            if list {
                let entries = try context.database.focusUndoJournal(limit: 20)
                print(entries.isEmpty ? "Nothing to undo." : entries.map(TerminalText.escaped).joined(separator: "\n"))
                return
            }
            print("Undid \(TerminalText.escaped(try context.database.undoFocus()))")
        }
    }
}
