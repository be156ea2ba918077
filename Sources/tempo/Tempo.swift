import ArgumentParser
import Foundation

@main
struct Tempo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tempo",
        abstract: "Time activities and notice places: countdowns, focus, runs, places.",
        subcommands: [TimerCommand.self, FocusCommand.self, RunCommand.self, PlacesCommand.self, BadgesCommand.self]
    )

    /// Runs the command; every failure is one line on standard error with exit status 64 for
    /// usage errors and 1 otherwise (help and `--version` print as usual).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            var message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            if code == .validationFailure { message += " (see `tempo help`)" }
            FileHandle.standardError.write(Data("tempo: \(message)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }
}
