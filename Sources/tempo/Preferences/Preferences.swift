import Foundation
import TempoKit
import TempoToolCore

/// The person's preferences from `config.toml`; every field is `nil` when the file does not set it.
///
/// ```toml
/// units = "imperial"        # metric | imperial
/// zone = "America/New_York" # IANA zone for every local time shown
/// day_start = "04:00"       # focus days start here (when `focus config` set none)
/// goal = "2h"               # daily focus goal (when `focus config` set none); "none": no goal
/// colour = "auto"           # auto | always | never
///
/// [timer]
/// notify = true             # `timer start` notifies by default
/// ```
struct Preferences: Sendable, Equatable {
    /// Units for distances, paces and heights in text output.
    var units: UnitSystem?
    /// IANA zone local times are shown in.
    var zoneIdentifier: String?
    /// When a focus day starts.
    var dayStart: DayTime?
    /// Daily focus goal.
    var goal: Duration?
    /// When output is coloured.
    var colour: ColourChoice?
    /// Whether `timer start` notifies when nothing on its command line says.
    var timerNotify: Bool?

    /// No preferences: every default applies.
    static let none = Preferences()

    /// The file read: `$XDG_CONFIG_HOME/tempo/config.toml`, else `~/.config/tempo/config.toml`.
    static func path(environment: [String: String]) -> String {
        ToolPaths.config(environment: environment)
    }

    /// The preferences of the file for `environment`; ``none`` when there is no file. A file that
    /// cannot be read or holds a bad value throws a ``PreferencesError`` naming file, line and key.
    static func load(environment: [String: String]) throws(PreferencesError) -> Preferences {
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return .none }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw PreferencesError(file: path, line: nil, key: nil, problem: "cannot be read as UTF-8 text")
        }
        return try PreferencesFile(path: path, text: text).preferences()
    }

    /// The preferences of this process, read once on first use (commands that show no units or
    /// times never read the file).
    static let current = Result { () throws(PreferencesError) -> Preferences in
        try load(environment: ProcessInfo.processInfo.environment)
    }
}

extension Preferences {
    /// A daily goal as typed (`2h`, `1h30m`, `90m`), or nil for `none`; a goal of 0 is refused
    /// (a goal nobody can miss is not one: `none` says so).
    static func goal(_ text: String) throws(GoalError) -> Duration? {
        if text == "none" { return nil }
        let goal: Duration
        do { goal = try DurationParser.duration(text) } catch { throw GoalError(description: error.description) }
        guard goal > .zero else { throw GoalError(description: "a goal must be more than 0 (none sets no goal)") }
        return goal
    }

    /// Why a typed goal was refused.
    struct GoalError: Error, CustomStringConvertible {
        let description: String
    }
}
