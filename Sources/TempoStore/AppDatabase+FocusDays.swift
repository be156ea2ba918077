import Foundation
import GRDB
import TempoKit

/// Per-day focus totals kept beside the ledger (`focus_day`), so that a status reads days, not
/// sessions.
///
/// The totals are those of one calendar (zone and day start, in `focus_day_calendar`); without
/// that row nothing is kept. Triggers on `focus_segment` note every closed segment written,
/// changed or deleted (cascades included) in `focus_day_change`, and the end of every write
/// transaction (``AppDatabase/perform(_:_:)``) recomputes the days those segments touch from
/// the sessions: every write path of the ledger, present or future, keeps the totals without
/// knowing about them.
extension AppDatabase {
    /// The tables and triggers of the day totals (append-only).
    static func registerFocusDayMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2 focus day totals") { db in
            try db.execute(sql: """
                CREATE TABLE focus_day (
                    day INTEGER PRIMARY KEY NOT NULL,
                    total_s REAL NOT NULL,
                    sessions INTEGER NOT NULL
                );
                CREATE TABLE focus_day_calendar (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    tz TEXT NOT NULL,
                    day_start TEXT NOT NULL
                );
                CREATE TABLE focus_day_change (
                    start_at REAL NOT NULL,
                    end_at REAL NOT NULL
                );
                CREATE TRIGGER focus_day_segment_added AFTER INSERT ON focus_segment WHEN NEW.end_at IS NOT NULL
                BEGIN INSERT INTO focus_day_change VALUES (NEW.start_at, NEW.end_at); END;
                CREATE TRIGGER focus_day_segment_removed AFTER DELETE ON focus_segment WHEN OLD.end_at IS NOT NULL
                BEGIN INSERT INTO focus_day_change VALUES (OLD.start_at, OLD.end_at); END;
                CREATE TRIGGER focus_day_segment_changed AFTER UPDATE ON focus_segment
                BEGIN
                    INSERT INTO focus_day_change SELECT OLD.start_at, OLD.end_at WHERE OLD.end_at IS NOT NULL;
                    INSERT INTO focus_day_change SELECT NEW.start_at, NEW.end_at WHERE NEW.end_at IS NOT NULL;
                END;
                """)
        }
    }

    // MARK: - Keeping

    /// Keeps the day totals for `settings`' calendar from now on: when they are kept for
    /// another zone or day start (or not at all), they are rebuilt from the sessions, in one
    /// transaction. Cheap when nothing changed (one row read).
    public func keepFocusDayTotals(settings: FocusSettings) throws {
        let settings = settings
        try perform(.write) { db in try Self.keepDayTotals(db, settings: settings) }
    }

    /// This store, whose every write transaction also keeps the day totals for `settings`'
    /// calendar (rebuilding them in that transaction when they were kept for another one, or not
    /// at all). Nothing is written until something else is: a command refused before it writes
    /// leaves the store as it was.
    public func keepingFocusDayTotals(for settings: FocusSettings) -> AppDatabase {
        AppDatabase(self, keepingFocusDaysFor: settings)
    }

    /// Rebuilds the day totals for `settings`' calendar unless they are already kept for it.
    static func keepDayTotals(_ db: Database, settings: FocusSettings) throws {
        if try dayTotalsCalendar(db) != calendarKey(settings) {
            _ = try rebuildDayTotals(db, settings: settings)
        }
    }

    /// What `tempo focus check` found: the days whose stored total differed from the sessions'.
    public struct FocusDayCheck: Sendable, Equatable {
        /// A day whose stored numbers were wrong (nil: the day was missing or extra).
        public struct Difference: Sendable, Equatable {
            /// The logical day.
            public let date: LocalDate
            /// What was stored (nil: no row).
            public let stored: FocusDayTotal?
            /// What the sessions give (nil: no focus that day).
            public let computed: FocusDayTotal?
        }

        /// Days with focus, from the sessions.
        public let dayCount: Int
        /// Whether the totals were kept for another calendar (or not kept): then they were
        /// rebuilt, and no difference is reported.
        public let rebuiltForNewCalendar: Bool
        /// Days that were wrong, in order (all repaired).
        public let differences: [Difference]
    }

    /// Recomputes every day total from the sessions for `settings`' calendar, compares it with
    /// what was stored, and stores the recomputed ones (one transaction).
    public func checkFocusDayTotals(settings: FocusSettings) throws -> FocusDayCheck {
        let settings = settings
        return try perform(.write) { db in
            let sameCalendar = try Self.dayTotalsCalendar(db) == Self.calendarKey(settings)
            let stored = try Self.storedDayTotals(db)
            let computed = try Self.rebuildDayTotals(db, settings: settings)
            guard sameCalendar else {
                return FocusDayCheck(dayCount: computed.count, rebuiltForNewCalendar: true, differences: [])
            }
            let old = Dictionary(uniqueKeysWithValues: stored.map { ($0.date, $0) })
            let new = Dictionary(uniqueKeysWithValues: computed.map { ($0.date, $0) })
            let differences = Set(old.keys).union(new.keys).sorted().compactMap { date -> FocusDayCheck.Difference? in
                old[date] == new[date] ? nil : FocusDayCheck.Difference(date: date, stored: old[date], computed: new[date])
            }
            return FocusDayCheck(dayCount: computed.count, rebuiltForNewCalendar: false, differences: differences)
        }
    }

    /// Every stored day total, in order (for checks and tests).
    public func focusDayTotals() throws -> [FocusDayTotal] {
        try perform(.read) { db in try Self.storedDayTotals(db) }
    }

    /// Brings the day totals up to date with the segments changed in this transaction; called
    /// at the end of every write transaction.
    static func catchUpDayTotals(_ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM focus_day_change)") == true else { return }
        let changes = try Row.fetchAll(db, sql: "SELECT start_at, end_at FROM focus_day_change")
        try db.execute(sql: "DELETE FROM focus_day_change")
        guard let key = try dayTotalsCalendar(db) else { return }
        let settings = FocusSettings(timeZoneIdentifier: key.zone, dayStart: key.dayStart)
        let calendar = try settings.calendar()
        // Every changed segment's days, merged into runs of consecutive days.
        var spans: [(first: Int, last: Int)] = changes.map { row in
            let start: Double = row["start_at"], end: Double = row["end_at"]
            return (calendar.day(containing: Date(timeIntervalSince1970: start)).daysSinceEpoch,
                    calendar.day(containing: Date(timeIntervalSince1970: max(start, end))).daysSinceEpoch)
        }
        spans.sort { $0.first < $1.first }
        var merged: [(first: Int, last: Int)] = []
        for span in spans {
            if let last = merged.last, span.first <= last.last + 1 {
                merged[merged.count - 1].last = max(last.last, span.last)
            } else {
                merged.append(span)
            }
        }
        for span in merged {
            try replaceDayTotals(db, settings: settings, from: LocalDate(daysSinceEpoch: span.first),
                                 to: LocalDate(daysSinceEpoch: span.last))
        }
    }

    // MARK: - Private

    /// The zone and day start the totals are kept for.
    struct CalendarKey: Equatable {
        var zone: String
        var dayStart: DayTime
    }

    static func calendarKey(_ settings: FocusSettings) -> CalendarKey {
        CalendarKey(zone: settings.timeZoneIdentifier, dayStart: settings.dayStart)
    }

    /// The calendar of the stored totals; nil when none are kept.
    static func dayTotalsCalendar(_ db: Database) throws -> CalendarKey? {
        guard let row = try Row.fetchOne(db, sql: "SELECT tz, day_start FROM focus_day_calendar WHERE id = 1") else { return nil }
        return CalendarKey(zone: row["tz"], dayStart: try DayTime(parsing: row["day_start"] as String))
    }

    private static func storedDayTotals(_ db: Database) throws -> [FocusDayTotal] {
        try Row.fetchAll(db, sql: "SELECT day, total_s, sessions FROM focus_day ORDER BY day").map(dayTotal)
    }

    private static func dayTotal(_ row: Row) -> FocusDayTotal {
        FocusDayTotal(date: LocalDate(daysSinceEpoch: row["day"]), totalSeconds: row["total_s"], sessionCount: row["sessions"])
    }

    /// Up to `limit` stored totals of days before `day`, newest first.
    static func dayTotals(_ db: Database, before day: LocalDate, limit: Int) throws -> [FocusDayTotal] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT day, total_s, sessions FROM focus_day WHERE day < ? ORDER BY day DESC LIMIT ?"),
            arguments: [day.daysSinceEpoch, limit]
        ).map(dayTotal)
    }

    /// Recomputes every day from the sessions for `settings`' calendar and records that calendar;
    /// returns the new totals.
    static func rebuildDayTotals(_ db: Database, settings: FocusSettings) throws -> [FocusDayTotal] {
        let calendar = try settings.calendar()
        try db.execute(sql: "DELETE FROM focus_day")
        try db.execute(sql: "DELETE FROM focus_day_change")
        try db.execute(sql: "INSERT OR REPLACE INTO focus_day_calendar (id, tz, day_start) VALUES (1, ?, ?)",
                       arguments: [settings.timeZoneIdentifier, settings.dayStart.description])
        guard let bounds = try Row.fetchOne(db, sql: "SELECT min(start_at) AS low, max(end_at) AS high FROM focus_segment"),
              let low = bounds["low"] as Double?, let high = bounds["high"] as Double?
        else { return [] }
        return try replaceDayTotals(
            db, settings: settings, from: calendar.day(containing: Date(timeIntervalSince1970: low)),
            to: calendar.day(containing: Date(timeIntervalSince1970: max(low, high))))
    }

    /// Replaces the stored totals of `from…to` by those of the sessions; returns them.
    @discardableResult
    private static func replaceDayTotals(_ db: Database, settings: FocusSettings, from: LocalDate, to: LocalDate) throws -> [FocusDayTotal] {
        let calendar = try settings.calendar()
        let sessions = try loadSessions(db, overlapping: calendar.start(of: from), calendar.start(of: to.adding(days: 1)))
        let totals = try FocusLedger(sessions: sessions).dayTotals(settings: settings, from: from, to: to)
        try db.execute(sql: "DELETE FROM focus_day WHERE day >= ? AND day <= ?", arguments: [from.daysSinceEpoch, to.daysSinceEpoch])
        let insert = try db.cachedStatement(sql: "INSERT INTO focus_day (day, total_s, sessions) VALUES (?, ?, ?)")
        for total in totals {
            try insert.execute(arguments: [total.date.daysSinceEpoch, total.totalSeconds, total.sessionCount])
        }
        return totals
    }
}
