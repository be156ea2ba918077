import ArgumentParser
import Foundation
import TempoKit
import TempoToolCore

@main
struct Tempo: AsyncParsableCommand {
    /// The release (also the `.deb`'s version).
    static let version = "0.5.0"

    static let configuration = CommandConfiguration(
        commandName: "tempo",
        abstract: "Time activities and notice places: countdowns, focus, runs, places.",
        discussion: "`--db PATH` and `--json` may stand anywhere on the line.",
        version: Tempo.version,
        subcommands: [TimerCommand.self, FocusCommand.self, RunCommand.self, PlacesCommand.self, BadgesCommand.self, ServeCommand.self, LoginCommand.self, LogoutCommand.self, SyncCommand.self]
    )

    /// Runs the command; every failure is one line on standard error with the exit status of
    /// ``exitStatus(for:)`` (help and `--version` print as usual).
    static func main() async {
        do {
            var command = try parseAsRoot(AnywhereOptions.reordered(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitStatus(for: error)
            guard code != .success else { exit(withError: error) }
            let text = (error as? FocusError).map(FocusContext.message(for:)) ?? message(for: error)
            var message = text.split(separator: "\n").first.map(String.init) ?? "\(error)"
            if code == .validationFailure {
                message = negativeValueMessage(CommandLine.arguments.dropFirst()) ?? message + " (see `tempo help`)"
            }
            FileHandle.standardError.write(Data("tempo: \(TerminalText.escaped(message))\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }

    /// A negative number reads as an option to the argument parser, which then reports a
    /// missing value; name the value instead.
    private static func negativeValueMessage(_ arguments: ArraySlice<String>) -> String? {
        for (index, argument) in zip(arguments.indices, arguments) where argument.count > 1 && argument.hasPrefix("-") {
            let rest = argument.dropFirst()
            guard let first = rest.first, first.isASCII, first.isNumber || first == "." else { continue }
            let option = arguments[..<index].last.flatMap { $0.hasPrefix("--") ? "\($0) " : nil } ?? ""
            return "\(option)'\(argument)' is negative; the value must be 0 or more"
        }
        return nil
    }
}
