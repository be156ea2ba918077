import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    /// The stored focus settings; `defaultTimeZone` (the system's, given by the caller) when
    /// none was configured.
    public func focusSettings(defaultTimeZone: String) throws -> FocusSettings {
        try focusSettings(defaults: FocusSettings(timeZoneIdentifier: defaultTimeZone))
    }

    /// The stored focus settings, each one not stored taken from `defaults` (the CLI's config file).
    public func focusSettings(defaults: FocusSettings) throws -> FocusSettings {
        try perform(.read) { db in try Self.loadSettings(db, defaults: defaults) }
    }

    /// Changes the focus settings in one transaction; `change` sees the stored ones.
    @discardableResult
    public func updateFocusSettings(
        defaultTimeZone: String, _ change: @Sendable (inout FocusSettings) throws -> Void
    ) throws -> FocusSettings {
        try updateFocusSettings(defaults: FocusSettings(timeZoneIdentifier: defaultTimeZone), change)
    }

    /// Changes the focus settings in one transaction; `change` sees the stored ones over `defaults`.
    @discardableResult
    public func updateFocusSettings(
        defaults: FocusSettings, _ change: @Sendable (inout FocusSettings) throws -> Void
    ) throws -> FocusSettings {
        try perform(.write) { db in
            var settings = try Self.loadSettings(db, defaults: defaults)
            try change(&settings)
            _ = try settings.calendar()
            let values: [(String, String)] = [
                ("tz", settings.timeZoneIdentifier), ("day_start", settings.dayStart.description),
                ("goal_s", settings.goal.map { String($0.timeInterval) } ?? ""),
                ("growth_thresholds_s", settings.growthThresholds.map { String($0.timeInterval) }.joined(separator: ",")),
            ]
            for (key, value) in values { try FocusSettingRow(key: key, value: value).save(db) }
            // Days are counted anew in the new zone or from the new day start, in this transaction.
            if try Self.dayTotalsCalendar(db) != Self.calendarKey(settings) {
                _ = try Self.rebuildDayTotals(db, settings: settings)
            }
            return settings
        }
    }

    private static func loadSettings(_ db: Database, defaults: FocusSettings) throws -> FocusSettings {
        let values = Dictionary(try FocusSettingRow.fetchAll(db).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return try defaults.overlaid(stored: values)
    }
}
