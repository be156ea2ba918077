import ArgumentParser
import Foundation
import TempoFormats
import TempoKit
import TempoStore
import TempoToolCore

extension RunCommand {
    /// `tempo run import FILE...`: store runs from files, each file once.
    struct RunImportCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Store runs from GPX, TCX or FIT files (a file already imported is not stored again).")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The files to import.") var files: [String]
        @OptionGroup var sport: SportOption
        @OptionGroup var output: OutputOptions

        struct Imported: Encodable {
            /// `nil` when the file has no track points (nothing to store).
            var id: String?
            var file: String
            var inserted: Bool
            var distanceM: Double?
            var points: Int

            enum CodingKeys: String, CodingKey {
                case id, file, inserted, distanceM = "distance_m", points
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(file, forKey: .file)
                try container.encode(inserted, forKey: .inserted)
                try container.encode(distanceM, forKey: .distanceM)
                try container.encode(points, forKey: .points)
            }
        }

        func run() async throws {
            // Every file is read and checked before anything is stored, so a broken one stores nothing.
            let parsed = try files.map { path in
                let file = try RunFile(path: path)
                return (file, try file.contentIdentity())
            }
            let now = try global.time.now()
            let database = try global.openDatabase()
            var results: [Imported] = []
            for (file, identity) in parsed {
                guard file.activity.pointCount > 0 else {
                    // A file with waypoints only (or empty tracks) is not a run.
                    results.append(Imported(id: nil, file: file.path, inserted: false, distanceM: nil, points: 0))
                    continue
                }
                let plan = file.plan(autoPause: true, sport: sport.parsed)
                let record = RunRecord(
                    id: identity.id, source: .file, sourceName: file.path, contentHash: identity.hash, sport: plan.sportName,
                    name: file.activity.name, createdAt: now)
                let (stored, inserted) = try database.importRun(
                    record, segments: file.activity.segments, lapStarts: plan.lapStarts, sportChanges: plan.sportChanges)
                results.append(Imported(id: stored.id.uuidString.lowercased(), file: file.path, inserted: inserted,
                                        distanceM: stored.distanceMeters, points: file.activity.pointCount))
            }
            if output.json {
                try JSONOutput.print(results)
            } else {
                let display = try global.display()
                print(Table(header: ["ID", "Result", "Distance", "File"], rows: results.map { result in
                    let what = result.id == nil ? "no track points, not stored" : result.inserted ? "imported" : "already stored"
                    return [result.id.map { String($0.prefix(8)) } ?? "–", what,
                            result.distanceM.map(display.distance) ?? "–", result.file]
                }).render())
            }
        }
    }
}
