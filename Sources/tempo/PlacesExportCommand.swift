import ArgumentParser
import Foundation
import TempoKit
import TempoStore

/// `tempo places export`: every place as GeoJSON, the file `places import` reads back.
struct PlacesExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print every place as a GeoJSON FeatureCollection (the format `places import` reads).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let places = try global.openDatabase(.readOnly).places()
        FileHandle.standardOutput.write(try GeoJSONPlaces.document(places))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
