import ArgumentParser
import TempoKit

extension RunCommand {
    /// `tempo run summary FILE`: analyse a file without storing it.
    struct RunSummaryCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary", abstract: "Analyse a GPX, TCX or FIT file without storing it.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The file to analyse.") var file: String
        @Option(help: "Split unit: km or mi (default: mi with imperial units, else km).") var splits: SplitUnit?
        @Flag(help: "Count stops in moving time (auto-pause is on by default).") var noAutoPause = false
        @OptionGroup var sport: SportOption
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let display = try output.json ? nil : global.display()
            let unit = splits ?? display?.defaultSplitUnit ?? .kilometer
            let summary = try RunFile.streamedSummary(path: file, splitUnit: unit, autoPause: !noAutoPause, sport: sport.parsed)
            if let display {
                print(RunSummaryText(display: display).render(summary, title: file))
            } else {
                try JSONOutput.print(summary)
            }
        }
    }
}
