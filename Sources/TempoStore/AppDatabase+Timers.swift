import Foundation
import GRDB
import TempoKit

/// A stored countdown timer.
public struct TimerRecord: Sendable, Hashable, Identifiable {
    public let id: UUID
    public var label: String?
    public var createdAt: Date
    public var countdown: Countdown

    public init(id: UUID = UUID(), label: String?, createdAt: Date, countdown: Countdown) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.countdown = countdown
    }

    /// The first eight hex digits of the id, enough to name a timer on the command line.
    public var shortID: String { String(id.uuidString.prefix(8)).lowercased() }
}

extension AppDatabase {
    static func registerTimerMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 timers") { db in
            try db.execute(sql: """
                CREATE TABLE timer (
                    id TEXT PRIMARY KEY NOT NULL,
                    label TEXT,
                    duration_s REAL NOT NULL CHECK (duration_s > 0),
                    created_at REAL NOT NULL,
                    stopped_at REAL,
                    cancelled_at REAL
                );
                CREATE INDEX timer_label ON timer(label);
                CREATE TABLE timer_segment (
                    timer_id TEXT NOT NULL REFERENCES timer(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    start_at REAL NOT NULL,
                    end_at REAL,
                    PRIMARY KEY (timer_id, seq)
                ) WITHOUT ROWID;
                """)
        }
    }

    /// Stores a new timer.
    public func insertTimer(_ timer: TimerRecord) throws(StoreError) {
        try write { db in try Self.save(timer, in: db, isNew: true) }
    }

    /// Every timer, newest first.
    public func timers() throws(StoreError) -> [TimerRecord] {
        try read { db in try Self.loadTimers(db, where: "1", arguments: []) }
    }

    /// The timer named by `reference` — a full id, an id prefix of at least 4 hex digits, or a
    /// label (the newest timer with it) — or, when `reference` is nil, the one timer that is
    /// running or paused at `now`.
    public func timer(matching reference: String?, at now: Date) throws(StoreError) -> TimerRecord {
        try read { db in try Self.resolveTimer(reference, at: now, in: db) }
    }

    /// Finds a timer and changes it in one transaction: `change` sees the stored state, and
    /// if it throws nothing is written.
    @discardableResult
    public func updateTimer(
        matching reference: String?, at now: Date,
        _ change: @Sendable (inout TimerRecord) throws -> Void
    ) throws(StoreError) -> TimerRecord {
        try write { db in
            var timer = try Self.resolveTimer(reference, at: now, in: db)
            try change(&timer)
            try Self.save(timer, in: db, isNew: false)
            return timer
        }
    }

    // MARK: - Rows

    private static func save(_ timer: TimerRecord, in db: Database, isNew: Bool) throws {
        let id = timer.id.uuidString
        let stopwatch = timer.countdown.stopwatch
        if isNew {
            try db.execute(
                sql: "INSERT INTO timer (id, label, duration_s, created_at, stopped_at, cancelled_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [id, timer.label, timer.countdown.durationSeconds, timer.createdAt.timeIntervalSince1970,
                            stopwatch.stoppedAt?.timeIntervalSince1970, timer.countdown.cancelledAt?.timeIntervalSince1970])
        } else {
            try db.execute(
                sql: "UPDATE timer SET label = ?, stopped_at = ?, cancelled_at = ? WHERE id = ?",
                arguments: [timer.label, stopwatch.stoppedAt?.timeIntervalSince1970,
                            timer.countdown.cancelledAt?.timeIntervalSince1970, id])
            try db.execute(sql: "DELETE FROM timer_segment WHERE timer_id = ?", arguments: [id])
        }
        for (seq, segment) in stopwatch.segments.enumerated() {
            try db.execute(
                sql: "INSERT INTO timer_segment (timer_id, seq, start_at, end_at) VALUES (?, ?, ?, ?)",
                arguments: [id, seq, segment.start.timeIntervalSince1970, segment.end?.timeIntervalSince1970])
        }
    }

    private static func loadTimers(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [TimerRecord] {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM timer WHERE \(condition) ORDER BY created_at DESC, id", arguments: arguments)
        return try rows.map { row in
            let id: String = row["id"]
            let segments = try Row.fetchAll(
                db, sql: "SELECT start_at, end_at FROM timer_segment WHERE timer_id = ? ORDER BY seq", arguments: [id]
            ).map { Stopwatch.Segment(start: Date(timeIntervalSince1970: $0["start_at"] as Double), end: date($0["end_at"])) }
            guard let uuid = UUID(uuidString: id) else { throw StoreError.corrupt(path: db.description) }
            let stopwatch = try Stopwatch(segments: segments, stoppedAt: date(row["stopped_at"]))
            let countdown = try Countdown(durationSeconds: row["duration_s"], stopwatch: stopwatch, cancelledAt: date(row["cancelled_at"]))
            return TimerRecord(id: uuid, label: row["label"], createdAt: date(row["created_at"]) ?? .distantPast, countdown: countdown)
        }
    }

    private static func resolveTimer(_ reference: String?, at now: Date, in db: Database) throws -> TimerRecord {
        guard let reference else {
            let active = try loadTimers(db, where: "cancelled_at IS NULL AND stopped_at IS NULL", arguments: [])
                .filter { [.running, .paused].contains($0.countdown.state(at: now)) }
            switch active.count {
            case 1: return active[0]
            case 0: throw StoreError.refused("no timer is running or paused; name one (see `tempo timer list`)")
            default:
                let names = active.map(\.displayName).joined(separator: ", ")
                throw StoreError.refused("several timers are active (\(names)); name one")
            }
        }
        return try RecordReference.resolve(
            reference, kind: "timer",
            byIDPrefix: { try loadTimers(db, where: "lower(id) LIKE ?", arguments: [$0 + "%"]) },
            byLabel: { label in
                // The active timer with the label, else the newest.
                let labelled = try loadTimers(db, where: "label = ?", arguments: [label])
                return labelled.first { [.running, .paused].contains($0.countdown.state(at: now)) } ?? labelled.first
            },
            name: \.displayName)
    }
}

extension TimerRecord {
    /// `label (id)` or just the short id.
    public var displayName: String { label.map { "\($0) (\(shortID))" } ?? shortID }
}

private func date(_ seconds: Double?) -> Date? {
    seconds.map(Date.init(timeIntervalSince1970:))
}
