import Foundation
import GRDB
import TempoKit

extension AppDatabase {
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
            try Self.saveChanges(from: before, to: ledger, in: db, journal: "pomodoro")
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
