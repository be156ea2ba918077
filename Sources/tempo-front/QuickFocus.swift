import Foundation
import TempoKit
import TempoToolCore

/// `focus status` from a store, read as TempoStore's `focusStatus(settings:now:)` reads it: the
/// sessions reaching today (or an open segment's first day) and the stored day totals before it.
/// A pomodoro cycle to move up to now (a write) or day totals kept in another calendar are
/// passed on.
enum QuickFocus {
    static func status(_ store: QuickStore?, now: Date) throws -> FocusStatus {
        guard let store else {
            return try FocusLedger().status(settings: FocusSettings(timeZoneIdentifier: ToolPaths.systemTimeZone), now: now)
        }
        var stored: [String: String] = [:]
        try store.rows("SELECT key, value FROM focus_setting") { row in
            if let key = row.text(0), stored[key] == nil { stored[key] = row.text(1) ?? "" }
        }
        // The system's zone (which loads the zone database) only when no zone is stored.
        let settings = try FocusSettings(timeZoneIdentifier: stored["tz"] ?? ToolPaths.systemTimeZone).overlaid(stored: stored)
        guard try store.integer("SELECT count(*) FROM focus_pomodoro") == 0 else {
            throw PassOn("a pomodoro cycle is moved up to now first")
        }
        var totalsCalendar: (zone: String, dayStart: DayTime)?
        try store.rows("SELECT tz, day_start FROM focus_day_calendar WHERE id = 1") { row in
            if let zone = row.text(0), let text = row.text(1), let dayStart = try? DayTime(parsing: text) {
                totalsCalendar = (zone, dayStart)
            }
        }
        guard let totalsCalendar, totalsCalendar.zone == settings.timeZoneIdentifier, totalsCalendar.dayStart == settings.dayStart else {
            if try store.integer("SELECT count(*) FROM focus_session") == 0 {
                return try FocusLedger().status(settings: settings, now: now)
            }
            throw PassOn("the day totals are not kept in this calendar")
        }
        let calendar = try settings.calendar()
        let today = calendar.day(containing: now)
        let openSince = try store.double("SELECT min(start_at) FROM focus_segment WHERE end_at IS NULL")
        let firstWholeDay = min(today, openSince.map { calendar.day(containing: Date(timeIntervalSince1970: $0)) } ?? today)
        let sessions = try sessions(store, from: calendar.start(of: firstWholeDay))
        return try FocusLedger(sessions: sessions).status(settings: settings, now: now, firstWholeDay: firstWholeDay) { day, limit in
            var totals: [FocusDayTotal] = []
            try store.rows("SELECT day, total_s, sessions FROM focus_day WHERE day < ? ORDER BY day DESC LIMIT ?",
                           [Double(day.daysSinceEpoch), Double(limit)]) { row in
                totals.append(FocusDayTotal(
                    date: LocalDate(daysSinceEpoch: row.integer(0) ?? 0), totalSeconds: row.double(1) ?? 0, sessionCount: row.integer(2) ?? 0))
            }
            return totals
        }
    }

    /// Every active session and every stopped one reaching `from` or later, ordered by first
    /// instant then id (the query of TempoStore's `loadSessions(overlapping:)`).
    private static func sessions(_ store: QuickStore, from: Date) throws(PassOn) -> [FocusSession] {
        let maxSpan = try store.double("SELECT CAST(value AS REAL) FROM focus_setting WHERE key = 'max_span_s'") ?? 0
        let low = max(-1e15, from.timeIntervalSince1970)
        var sessions: [(firstAt: Double, session: FocusSession)] = []
        var current: (rowID: Int, id: UUID, tags: [String], firstAt: Double, stoppedAt: Double?, importKey: String?)?
        var segments: [Stopwatch.Segment] = []
        func flush() throws(PassOn) {
            guard let current else { return }
            do {
                let stopwatch = try Stopwatch(segments: segments, stoppedAt: current.stoppedAt.map(Date.init(timeIntervalSince1970:)))
                sessions.append((current.firstAt, FocusSession(id: current.id, tags: current.tags, stopwatch: stopwatch, importKey: current.importKey)))
            } catch {
                throw PassOn("a stored session is not a stopwatch")
            }
        }
        try store.rows("""
            SELECT s.rowid, s.id, s.tags, s.first_at, s.stopped_at, s.import_key, g.start_at, g.end_at
            FROM focus_session s JOIN focus_segment g ON g.session_id = s.id
            WHERE s.rowid IN (SELECT rowid FROM focus_session WHERE stopped_at IS NULL
                             UNION ALL
                             SELECT rowid FROM focus_session WHERE first_at >= ? AND first_at <= ? AND last_at >= ? AND stopped_at IS NOT NULL)
            ORDER BY s.rowid, g.seq
            """, [low - maxSpan - 1, 1e15, low]) { row throws(PassOn) in
            guard let rowID = row.integer(0), let start = row.double(6) else { throw PassOn("a stored session is incomplete") }
            if rowID != current?.rowID {
                try flush()
                guard let id = row.text(1).flatMap(UUID.init(storedText:)), let firstAt = row.double(3) else {
                    throw PassOn("a stored session's id is not a UUID")
                }
                current = (rowID, id, FocusSession.tags(stored: row.text(2) ?? ""), firstAt, row.double(4), row.text(5))
                segments = []
            }
            segments.append(Stopwatch.Segment(start: Date(timeIntervalSince1970: start), end: row.double(7).map(Date.init(timeIntervalSince1970:))))
        }
        try flush()
        // Stored ids are `uuidString` text, so comparing those strings is SQLite's text order.
        sessions.sort { $0.firstAt != $1.firstAt ? $0.firstAt < $1.firstAt : $0.session.id.uuidString < $1.session.id.uuidString }
        return sessions.map(\.session)
    }
}
