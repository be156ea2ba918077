import ArgumentParser

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Record and analyse runs from GPS and GPX, TCX and FIT files.")
}
