import ArgumentParser
import Foundation
import TempoKit
import TempoStore

/// `tempo places import FILE.geojson`: all features or none, idempotent.
struct PlacesImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import places from a GeoJSON FeatureCollection of Points.",
        discussion: """
            Each feature's properties give `name` and `radius_m`; a landmark also gives `spot` (the \
            name of its spot) and optionally `badge`. Importing the same file again changes nothing. \
            If any feature is wrong, every problem is listed by feature index (0-based, as in \
            features[3]) and nothing is imported.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The GeoJSON file.", valueName: "file.geojson")) var file: String
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let data = try InputFile.read(file)
        let now = try global.time.now()
        let knownSpots = Set(try global.openDatabase(.readOnly).places().filter(\.isSpot).map(\.name))
        let places: [Place]
        do {
            places = try GeoJSONPlaces.parse(data, knownSpots: knownSpots)
        } catch {
            throw CLIError("\(file): \(error.description)")
        }
        let summary = try global.openDatabase().savePlaces(places, at: now)
        if output.json {
            try JSONOutput.print(summary)
        } else {
            print("\(places.count) places in \(file): \(summary.added.count) added, \(summary.updated.count) updated, \(summary.unchanged.count) unchanged")
        }
    }
}
