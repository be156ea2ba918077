import Foundation
import TempoKit

/// Where the tool's files are, and the zone it falls back on: one answer for both binaries.
package enum ToolPaths {
    /// `db` (a `--db` value), else `$TEMPO_DB`, else `$XDG_DATA_HOME/tempo/tempo.sqlite`, else
    /// `~/.local/share/tempo/tempo.sqlite` (DESIGN.md).
    package static func database(_ db: String?, environment: [String: String]) -> String {
        if let db { return db }
        if let path = environment["TEMPO_DB"], !path.isEmpty { return path }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/tempo/tempo.sqlite" }
        return home(environment) + "/.local/share/tempo/tempo.sqlite"
    }

    /// The config file: `$XDG_CONFIG_HOME/tempo/config.toml`, else `~/.config/tempo/config.toml`.
    package static func config(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/tempo/config.toml" }
        return home(environment) + "/.config/tempo/config.toml"
    }

    /// The system's zone, when it is a usable IANA zone; UTC otherwise.
    package static var systemTimeZone: String {
        let name = TimeZone.current.identifier
        return (try? DayCalendar.ianaTimeZone(name)) != nil ? name : "UTC"
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
