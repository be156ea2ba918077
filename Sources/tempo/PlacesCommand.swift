import ArgumentParser

struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Places, landmarks and the events of entering and leaving them.")
}

struct BadgesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badges", abstract: "Badges earned at landmarks: when and where.")
}
