import Foundation

// How the store writes a session's tags and the settings, shared by the two readers of a store
// (TempoStore through GRDB, and the tool's quick read-only path through SQLite's C interface).

extension FocusSession {
    /// The `tags` column for `tags`: every tag, separated by U+001F (which
    /// ``normalized(_:)`` keeps out of tags).
    package static func storedTags(_ tags: [String]) -> String { tags.joined(separator: String(storedTagSeparator)) }

    /// The tags of a `tags` column.
    package static func tags(stored text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: storedTagSeparator).map(String.init)
    }

    private static let storedTagSeparator: Character = "\u{1F}"
}

extension FocusSettings {
    /// These settings with those stored in `focus_setting` (key → text) in their place.
    ///
    /// An empty stored goal is "no goal", set on purpose: it is not replaced by this one.
    package func overlaid(stored values: [String: String]) throws(DayTimeError) -> FocusSettings {
        var settings = self
        if let zone = values["tz"] { settings.timeZoneIdentifier = zone }
        if let text = values["day_start"] { settings.dayStart = try DayTime(parsing: text) }
        if let text = values["goal_s"] { settings.goal = Double(text).flatMap(ValidRange.duration(seconds:)) }
        if let text = values["growth_thresholds_s"] {
            let thresholds = text.split(separator: ",").compactMap { Double($0).flatMap(ValidRange.duration(seconds:)) }
            if !thresholds.isEmpty { settings.growthThresholds = thresholds }
        }
        return settings
    }
}
