import ArgumentParser
import Foundation
import TempoStore
import TempoToolCore

/// Options every command takes, and what every command gets from the edge (store, time).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database file (default: $TEMPO_DB, else $XDG_DATA_HOME/tempo/tempo.sqlite, else ~/.local/share/tempo/tempo.sqlite).",
        valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp(
        "Units of text output: metric or imperial (default: `units` in config.toml, else metric); JSON stays SI.",
        valueName: "units"))
    var units: UnitSystem?

    /// The database path after applying the defaults of DESIGN.md.
    var databasePath: String { Self.databasePath(db) }

    /// `db` (a `--db` value), else the defaults of DESIGN.md.
    static func databasePath(_ db: String?) -> String {
        ToolPaths.database(db, environment: ProcessInfo.processInfo.environment)
    }

    /// The one clock of the process (`TEMPO_NOW` or the system's); see ``CommandTime``.
    var time: CommandTime { CommandTime.current }

    /// How text output reads: `--units`, else the config file's units; the config file's zone,
    /// else the system's. Reads the config file on first use only (commands that show no units
    /// or times never read it).
    func display() throws(PreferencesError) -> Display {
        let preferences = try Preferences.current.get()
        let zone = preferences.zoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        return Display(units: units ?? preferences.units ?? .metric, zone: zone)
    }

    /// Opens the store: created on first use by a command that writes; opened read-only (and
    /// never created) by one that only reads.
    func openDatabase(_ access: AppDatabase.Access = .readWrite) throws -> AppDatabase {
        try AppDatabase.open(path: databasePath, access: access)
    }
}
