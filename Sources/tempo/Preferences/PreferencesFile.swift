import Foundation
import TOMLKit
import TempoKit

/// The text of a `config.toml`, read with TOMLKit and checked key by key.
///
/// Unknown keys are refused (a misspelt `unit = "imperial"` would otherwise be ignored in
/// silence); every error names the file, the line and the key.
struct PreferencesFile {
    /// Where the text came from, for messages.
    var path: String
    /// The file's text.
    var text: String

    /// The keys of the top level.
    private static let topKeys: Set = ["units", "zone", "day_start", "goal", "colour", "timer"]
    /// The keys of `[timer]`.
    private static let timerKeys: Set = ["notify"]

    /// The checked preferences.
    func preferences() throws(PreferencesError) -> Preferences {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw PreferencesError(file: path, line: error.source.begin.line, key: nil, problem: error.description)
        } catch {
            throw PreferencesError(file: path, line: nil, key: nil, problem: "not TOML")
        }
        for key in table.keys.sorted() where !Self.topKeys.contains(key) {
            throw failure(key, "unknown key (known: \(Self.topKeys.sorted().joined(separator: ", ")))")
        }
        var preferences = Preferences()
        if let value = table["units"] {
            let text = try string(value, "units")
            guard let units = UnitSystem(rawValue: text) else { throw failure("units", "\"\(text)\" is not metric or imperial") }
            preferences.units = units
        }
        if let value = table["zone"] {
            let name = try string(value, "zone")
            do { _ = try DayCalendar.ianaTimeZone(name) } catch { throw failure("zone", "\(error)") }
            preferences.zoneIdentifier = name
        }
        if let value = table["day_start"] {
            let text = try string(value, "day_start")
            do { preferences.dayStart = try DayTime(parsing: text) } catch { throw failure("day_start", "\(error)") }
        }
        if let value = table["goal"] {
            let text = try string(value, "goal")
            do { preferences.goal = try Preferences.goal(text) } catch { throw failure("goal", error.description) }
        }
        if let value = table["colour"] {
            let text = try string(value, "colour")
            guard let colour = ColourChoice(rawValue: text) else { throw failure("colour", "\"\(text)\" is not auto, always or never") }
            preferences.colour = colour
        }
        if let value = table["timer"] {
            guard let timer = value.table else { throw failure("timer", "must be a table ([timer])") }
            for key in timer.keys.sorted() where !Self.timerKeys.contains(key) {
                throw failure("timer.\(key)", "unknown key (known: notify)", section: "timer")
            }
            if let notify = timer["notify"] {
                guard let flag = notify.bool else { throw failure("timer.notify", "must be true or false", section: "timer") }
                preferences.timerNotify = flag
            }
        }
        return preferences
    }

    private func string(_ value: any TOMLValueConvertible, _ key: String) throws(PreferencesError) -> String {
        guard let text = value.string else { throw failure(key, "must be a string in quotes") }
        return text
    }

    /// An error at `key` (dotted for a table's key), located on the line that sets it.
    private func failure(_ key: String, _ problem: String, section: String? = nil) -> PreferencesError {
        let name = key.split(separator: ".").last.map(String.init) ?? key
        return PreferencesError(file: path, line: line(of: name, section: section), key: key, problem: problem)
    }

    /// The 1-based line that sets `key` at the top level (or in `[section]`).
    func line(of key: String, section: String?) -> Int? {
        var current: String?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                current = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard current == section, line.hasPrefix(key) else { continue }
            let rest = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix("=") || (current == nil && section == nil && key == "timer" && rest.hasPrefix(".")) { return offset + 1 }
        }
        if section == nil, key == "timer" {
            return text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("[timer") }.map { $0 + 1 }
        }
        return nil
    }
}
