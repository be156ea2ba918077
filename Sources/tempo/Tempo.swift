import ArgumentParser

@main
struct Tempo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tempo",
        abstract: "Time activities and notice places: countdowns, focus, runs, places.",
        subcommands: [TimerCommand.self, FocusCommand.self, RunCommand.self, PlacesCommand.self, BadgesCommand.self]
    )
}
