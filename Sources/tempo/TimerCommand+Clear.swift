import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension TimerCommand {
    /// `timer clear [TIMER…] [--finished] [--before DATE]`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Remove finished and cancelled timers (or the ones named, whatever their state).",
            discussion: "A running or paused timer is removed only when named. The timers removed are listed.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timers to remove (id, id prefix or label), even running or paused ones.", completion: StoreCompletion.timers)
        var timers: [String] = []
        @Flag(help: "Only finished timers, not cancelled ones.") var finished = false
        @Option(help: ArgumentHelp("Only timers that ended before this date (YYYY-MM-DD, local midnight) or ISO 8601 instant.", valueName: "date"))
        var before: String?
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if !timers.isEmpty && (finished || before != nil) {
                throw ValidationError("name timers, or choose them with --finished/--before, not both")
            }
        }

        func run() throws {
            let now = try global.time.now()
            let clearing = AppDatabase.TimerClearing(named: timers, finishedOnly: finished, endedBefore: try before.map(Self.instant))
            let removed = try global.openDatabase(.update).clearTimers(clearing, at: now)
            if output.json { return try JSONOutput.print(removed.map { TimerStatus($0, at: now) }) }
            guard !removed.isEmpty else { return print("No timers to clear.") }
            print("Removed \(removed.count) timer(s): " + removed.map { TerminalText.escaped($0.displayName) + " (\($0.countdown.state(at: now).rawValue))" }.joined(separator: ", "))
        }

        /// A date is its local midnight (the zone `timer list` shows); an ISO 8601 instant is itself.
        static func instant(_ text: String) throws -> Date {
            if let instant = FocusImport.isoDateText(text), text.contains("T") { return instant }
            let date = try LocalDate(parsing: text)
            let components = DateComponents(year: date.year, month: date.month, day: date.day)
            guard let midnight = Calendar.current.date(from: components) else { throw ValidationError("--before '\(text)' is not a date") }
            return midnight
        }
    }
}
