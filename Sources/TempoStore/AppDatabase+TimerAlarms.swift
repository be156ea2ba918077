import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    static func registerTimerAlarmMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2 timer alarms") { db in
            try db.execute(sql: """
                CREATE TABLE timer_alarm (
                    timer_id TEXT PRIMARY KEY NOT NULL REFERENCES timer(id) ON DELETE CASCADE,
                    then_command TEXT,
                    rang_at REAL
                ) WITHOUT ROWID;
                """)
        }
    }

    /// Stores a new timer that rings when it reaches zero (see ``TimerAlarm``), in one transaction.
    public func insertTimer(_ timer: TimerRecord, alarmThen thenCommand: String?) throws(StoreError) {
        try write { db in
            try Self.save(timer, in: db, isNew: true)
            try TimerAlarmRow(timerID: timer.id, thenCommand: thenCommand, rangAt: nil).insert(db)
        }
    }

    /// The alarms that have not rung, of timers not cancelled, oldest timer first.
    public func pendingAlarms() throws(StoreError) -> [TimerAlarm] {
        try read { db in
            let rows = try TimerAlarmRow.filter(TimerAlarmRow.Columns.rangAt == nil).fetchAll(db)
            let commands = Dictionary(rows.map { ($0.timerID, $0.thenCommand) }) { first, _ in first }
            let timers = try Self.loadTimers(db, TimerRow.filter(commands.keys.map(\.uuidString).contains(TimerRow.Columns.id))
                .filter(TimerRow.Columns.cancelledAt == nil))
            return timers.reversed().map { TimerAlarm(timer: $0, thenCommand: commands[$0.id] ?? nil) }
        }
    }

    /// Whether the timer `id` has an alarm that has not rung.
    public func hasPendingAlarm(timerID id: UUID) throws(StoreError) -> Bool {
        try read { db in
            try TimerAlarmRow.filter(TimerAlarmRow.Columns.timerID == id.uuidString && TimerAlarmRow.Columns.rangAt == nil).fetchCount(db) > 0
        }
    }

    /// Records that the alarm of timer `id` rang at `now`; false when it had rung already (another
    /// daemon claimed it), so a timer rings once even when two daemons race. Called before ringing.
    public func claimAlarm(timerID id: UUID, at now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE timer_alarm SET rang_at = ? WHERE timer_id = ? AND rang_at IS NULL",
                arguments: [now.timeIntervalSince1970, id.uuidString])
            return db.changesCount == 1
        }
    }

    /// The instant the alarm of timer `id` rang (nil: it has not, or the timer has no alarm).
    public func alarmRangAt(timerID id: UUID) throws(StoreError) -> Date? {
        try read { db in try TimerAlarmRow.fetchOne(db, key: id.uuidString)?.rangAt }
    }

    /// SQLite's count of changes committed to the file by other connections: the daemon re-reads
    /// the timers only when it moves.
    public func dataVersion() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
