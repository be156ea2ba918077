import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    // MARK: - Settings

    /// The stored focus settings; `defaultTimeZone` (the system's, given by the caller) when
    /// none was configured.
    public func focusSettings(defaultTimeZone: String) throws -> FocusSettings {
        try perform(.read) { db in try Self.loadSettings(db, defaultTimeZone: defaultTimeZone) }
    }

    /// Changes the focus settings in one transaction; `change` sees the stored ones.
    @discardableResult
    public func updateFocusSettings(
        defaultTimeZone: String, _ change: @Sendable (inout FocusSettings) throws -> Void
    ) throws -> FocusSettings {
        try perform(.write) { db in
            var settings = try Self.loadSettings(db, defaultTimeZone: defaultTimeZone)
            try change(&settings)
            _ = try settings.calendar()
            let values: [(String, String)] = [
                ("tz", settings.timeZoneIdentifier), ("day_start", settings.dayStart.description),
                ("goal_s", settings.goalSeconds.map { String($0) } ?? ""),
                ("growth_thresholds_s", settings.growthThresholdsSeconds.map { String($0) }.joined(separator: ",")),
            ]
            for (key, value) in values { try FocusSettingRow(key: key, value: value).save(db) }
            return settings
        }
    }

    private static func loadSettings(_ db: Database, defaultTimeZone: String) throws -> FocusSettings {
        let values = Dictionary(try FocusSettingRow.fetchAll(db).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var settings = FocusSettings(timeZoneIdentifier: values["tz"] ?? defaultTimeZone)
        if let text = values["day_start"] { settings.dayStart = try DayTime(parsing: text) }
        if let text = values["goal_s"], let goal = Double(text) { settings.goalSeconds = goal }
        if let text = values["growth_thresholds_s"] {
            let thresholds = text.split(separator: ",").compactMap { Double($0) }
            if !thresholds.isEmpty { settings.growthThresholdsSeconds = thresholds }
        }
        return settings
    }

    // MARK: - Pomodoro

    /// The stored pomodoro cycle, if one was started and not removed.
    public func pomodoro() throws -> Pomodoro? {
        try perform(.read) { db in try Self.loadPomodoro(db) }
    }

    /// Changes the pomodoro cycle and the active session in one transaction; `change` gets the
    /// stored cycle (nil if none) and returns the cycle to keep (nil removes it).
    @discardableResult
    public func changePomodoro<T: Sendable>(
        _ change: @Sendable (inout Pomodoro?, inout FocusLedger) throws -> T
    ) throws -> T {
        try perform(.write) { db in
            var pomodoro = try Self.loadPomodoro(db)
            let before = FocusLedger(sessions: try Self.loadActiveSessions(db))
            var ledger = before
            let result = try change(&pomodoro, &ledger)
            try Self.saveChanges(from: before, to: ledger, in: db)
            if let pomodoro {
                try FocusPomodoroRow(pomodoro).upsert(db)
            } else {
                try FocusPomodoroRow.deleteAll(db)
            }
            return result
        }
    }

    private static func loadPomodoro(_ db: Database) throws -> Pomodoro? {
        try FocusPomodoroRow.fetchOne(db, key: FocusPomodoroRow.onlyID)?.pomodoro()
    }
}
