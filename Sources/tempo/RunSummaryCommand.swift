import ArgumentParser
import TempoKit

extension RunCommand {
    /// `tempo run summary FILE`: analyse a file without storing it.
    struct RunSummaryCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "summary", abstract: "Analyse a GPX, TCX or FIT file without storing it.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The file to analyse.") var file: String
        @Option(help: "Split unit: km or mi.") var splits: SplitUnit = .kilometer
        @Flag(help: "Count stops in moving time (auto-pause is on by default).") var noAutoPause = false
        @OptionGroup var sport: SportOption
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let summary = try RunFile.streamedSummary(path: file, splitUnit: splits, autoPause: !noAutoPause, sport: sport.parsed)
            if output.json {
                try JSONOutput.print(summary)
            } else {
                print(RunSummaryText.render(summary, title: file))
            }
        }
    }
}
