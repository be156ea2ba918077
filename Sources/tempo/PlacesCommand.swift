import ArgumentParser

/// `tempo places`: the places the monitor watches, and watching them.
struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Places, and the events of entering and leaving them.",
        subcommands: [PlacesImportCommand.self, PlacesAddCommand.self, PlacesListCommand.self,
                      PlacesRemoveCommand.self, PlacesWatchCommand.self, PlacesExportCommand.self])
}
