import ArgumentParser
import TempoKit

/// `--sport NAME`: the sport a user gives, overriding whatever the file (or nothing) says.
struct SportOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The sport, overriding the file's: \(Self.acceptedNames), or a name files use (Run, Ride, Hike, NordicSki…).",
        valueName: "name"))
    var sport: String?

    static let acceptedNames = Sport.allCases.map(\.rawValue).joined(separator: ", ")

    func validate() throws {
        if let sport, Sport(name: sport) == nil {
            throw ValidationError("unknown sport '\(sport)': give one of \(Self.acceptedNames), or a name files use (Run, Ride, Hike…)")
        }
    }

    /// The sport given, if any (validated).
    var parsed: Sport? { sport.flatMap(Sport.init(name:)) }
}
