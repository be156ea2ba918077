import ArgumentParser
import Foundation
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus calendar [--weeks N] [--svg FILE]`.
    struct CalendarView: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar", abstract: "A heat map of daily totals, Monday to Sunday, in the terminal or as SVG.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "How many weeks to show, ending with this one.") var weeks = 12
        @Option(help: "Also write the heat map as an SVG image to this file.") var svg: String?
        @Option(help: "Only sessions with this tag.") var tag: String?

        func validate() throws {
            guard (1...520).contains(weeks) else { throw ValidationError("--weeks must be between 1 and 520") }
        }

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            let settings = try context.settings()
            let calendar = try settings.calendar()
            let today = calendar.day(containing: context.now)
            let first = FocusHeatMap.firstDay(today: today, weeks: weeks)
            let ledger = try context.database.focusLedger(from: calendar.start(of: first).addingTimeInterval(-86_400), to: nil).filtered(tag: tag)
            let report = try ledger.report(settings: settings, from: first, to: today, now: context.now)
            let heatMap = FocusHeatMap(report: report, weeks: weeks)
            let colour = try Preferences.current.get().colour ?? .auto
            print(heatMap.text(colour: colour.isEnabled(onTerminal: ColourOutput.isWanted)))
            if let svg {
                do {
                    try heatMap.svg().write(toFile: svg, atomically: true, encoding: .utf8)
                } catch {
                    throw CLIError.cannotWrite(path: svg, error: error)
                }
                print("Wrote \(svg)")
            }
        }
    }
}
