import ArgumentParser
import TempoKit

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Record and analyse runs: GPS, GPX, TCX and FIT files.",
        subcommands: [
            RunSummaryCommand.self, RunImportCommand.self, RunRecordCommand.self, RunListCommand.self,
            RunShowCommand.self, RunStatsCommand.self, RunExportCommand.self, RunDeleteCommand.self,
        ])
}

extension SplitUnit: ExpressibleByArgument {}
