import ArgumentParser
import TempoKit
import TempoStore
import TempoToolCore

/// `tempo places remove NAME`.
struct PlacesRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a place (a spot only once it has no landmarks). Badges earned stay.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The place's name.") var name: String

    func run() async throws {
        let place = try global.openDatabase(.update).removePlace(named: name)
        print("removed \(place.isSpot ? "spot" : "landmark") \(TerminalText.escaped(place.name))")
    }
}
