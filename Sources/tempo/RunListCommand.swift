import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension RunCommand {
    /// `tempo run list`: stored runs, newest first.
    struct RunListCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List stored runs, newest first.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        struct Item: Encodable {
            var id: String
            var source: String
            var sourceName: String
            var startedAt: Date?
            var finished: Bool
            var distanceM: Double?
            var timerS: Double?
            var movingS: Double?

            enum CodingKeys: String, CodingKey {
                case id, source, sourceName = "source_name", startedAt = "started_at", finished
                case distanceM = "distance_m", timerS = "timer_s", movingS = "moving_s"
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(source, forKey: .source)
                try container.encode(sourceName, forKey: .sourceName)
                try container.encode(startedAt, forKey: .startedAt)
                try container.encode(finished, forKey: .finished)
                try container.encode(distanceM, forKey: .distanceM)
                try container.encode(timerS, forKey: .timerS)
                try container.encode(movingS, forKey: .movingS)
            }
        }

        func run() async throws {
            let runs = try global.openDatabase(.readOnly).runs()
            if output.json {
                try JSONOutput.print(runs.map {
                    Item(id: $0.id.uuidString.lowercased(), source: $0.source.rawValue, sourceName: $0.sourceName,
                         startedAt: $0.startedAt, finished: $0.finished, distanceM: $0.distanceMeters, timerS: $0.timerSeconds,
                         movingS: $0.movingSeconds)
                })
                return
            }
            guard !runs.isEmpty else {
                print("No runs stored.")
                return
            }
            let display = try global.display()
            print(Table(header: ["ID", "Started", "Distance", "Timer", "Moving", "Source"], rows: runs.map { run in
                [run.shortID, run.startedAt.map(display.instant) ?? "–",
                 run.distanceMeters.map(display.distance) ?? (run.finished ? "–" : "unfinished"),
                 display.duration(run.timerSeconds), display.duration(run.movingSeconds), run.sourceName]
            }).render())
        }
    }

    /// `tempo run show ID`: a stored run's summary, recomputed from its fixes.
    struct RunShowCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a stored run.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The run's id (or its first 4+ hex digits).", completion: StoreCompletion.runs) var id: String
        @Option(help: "Split unit: km or mi (default: mi with imperial units, else km).") var splits: SplitUnit?
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let display = try output.json ? nil : global.display()
            let stored = try global.openDatabase(.readOnly).run(matching: id)
            let summary = stored.summary(splitUnit: splits ?? display?.defaultSplitUnit ?? .kilometer)
            if let display {
                print(RunSummaryText(display: display).render(summary, title: "\(stored.record.shortID)  \(stored.record.sourceName)"))
            } else {
                try JSONOutput.print(ShownRun(id: stored.record.id.uuidString.lowercased(), source: stored.record.sourceName,
                                              finished: stored.record.finished, summary: summary))
            }
        }
    }

    /// `tempo run export ID --format gpx`: a stored run as GPX 1.1.
    struct RunExportCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write a stored run as GPX 1.1 (or as an NMEA 0183 log, e.g. for gpsfake).")

        enum Format: String, ExpressibleByArgument { case gpx, nmea }

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The run's id (or its first 4+ hex digits).", completion: StoreCompletion.runs) var id: String
        @Option(help: "The format: gpx, or nmea (RMC/GGA/GSA sentences).") var format: Format = .gpx
        @Option(name: .shortAndLong, help: "Output file (default: standard output).") var output: String?

        func run() async throws {
            let stored = try global.openDatabase(.readOnly).run(matching: id)
            let data = format == .gpx ? RunExport.gpx(stored) : RunExport.nmea(stored)
            if let output {
                do {
                    try data.write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    throw CLIError.cannotWrite(path: output, error: error)
                }
            } else {
                FileHandle.standardOutput.write(data)
            }
        }
    }

    /// `tempo run delete ID`.
    struct RunDeleteCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a stored run and its fixes.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The run's id (or its first 4+ hex digits).", completion: StoreCompletion.runs) var id: String

        func run() async throws {
            let deleted = try global.openDatabase(.update).deleteRun(matching: id)
            print("Deleted run \(deleted.shortID) (\(deleted.sourceName)).")
        }
    }
}

/// `run show --json`: the summary's fields plus the run's id and source.
struct ShownRun: Encodable {
    var id: String
    var source: String
    var finished: Bool
    var summary: RunSummary

    enum CodingKeys: String, CodingKey { case id, source, finished }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(source, forKey: .source)
        try container.encode(finished, forKey: .finished)
    }
}
