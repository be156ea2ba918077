import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension RunPeriod: ExpressibleByArgument {}

extension RunCommand {
    /// `tempo run stats --by week|month`: totals of the stored runs per period, in the configured zone.
    struct RunStatsCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats", abstract: "Totals of stored runs per week or month: count, distance, moving time, gain.")

        @OptionGroup var global: GlobalOptions
        @Option(help: "The period: week (ISO, Monday first) or month.") var by: RunPeriod = .week
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let display = try global.display()
            let database = try global.openDatabase(.readOnly)
            let runs = try database.runs().filter { $0.finished }.compactMap { record -> RunTotals.Run? in
                guard let startedAt = record.startedAt else { return nil }
                // Gain is not kept with the run: it comes from the run's fixes, as `run show` gives it.
                let gain = try database.run(matching: record.id.uuidString.lowercased()).summary().elevationGainMeters
                return RunTotals.Run(startedAt: startedAt, distanceMeters: record.distanceMeters,
                                     movingSeconds: record.movingSeconds, elevationGainMeters: gain)
            }
            let totals = RunTotals.grouping(runs, by: by, in: display.zone)
            if output.json { return try JSONOutput.print(totals) }
            guard !totals.isEmpty else { return print("No finished runs with a start time stored.") }
            print(Table(header: [by == .week ? "Week" : "Month", "Runs", "Distance", "Moving", "Gain"], rows: totals.map { period in
                [period.period, "\(period.count)", display.distance(period.distanceMeters), display.duration(period.movingSeconds),
                 display.height(period.elevationGainMeters)]
            }).render())
        }
    }
}
