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
    public var shortID: String { id.shortText }
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
        try read { db in try Self.loadTimers(db, TimerRow.all()) }
    }

    /// The timer named by `reference` — a full id, an id prefix of at least 4 hex digits, or a
    /// label (the newest timer with it) — or, when `reference` is nil, the one timer that is
    /// running or paused at `now`.
    public func timer(matching reference: String?, at now: Date) throws(StoreError) -> TimerRecord {
        try read { db in try Self.resolveTimer(reference, at: now, in: db) }
    }

    /// Which timer a command means when it names none.
    public enum UnnamedTimer: Sendable {
        /// The one timer running or paused (pause, cancel, watch).
        case active
        /// The one paused timer, whatever else runs (resume).
        case paused
    }

    /// Finds a timer and changes it in one transaction: `change` sees the stored state, and
    /// if it throws nothing is written.
    @discardableResult
    public func updateTimer(
        matching reference: String?, at now: Date, unnamed: UnnamedTimer = .active,
        _ change: @Sendable (inout TimerRecord) throws -> Void
    ) throws(StoreError) -> TimerRecord {
        try write { db in
            var timer = try Self.resolveTimer(reference, at: now, unnamed: unnamed, in: db)
            try change(&timer)
            try Self.save(timer, in: db, isNew: false)
            return timer
        }
    }

    // MARK: - Rows

    static func save(_ timer: TimerRecord, in db: Database, isNew: Bool) throws {
        let row = TimerRow(timer)
        if isNew {
            try row.insert(db)
        } else {
            // Duration and creation never change after the insert.
            try row.update(db, columns: [TimerRow.Columns.label, TimerRow.Columns.stoppedAt, TimerRow.Columns.cancelledAt])
        }
        try TimerSegmentRow.replace(
            TimerSegmentRow.filter(TimerSegmentRow.Columns.timerID == timer.id.uuidString),
            with: TimerSegmentRow.rows(of: timer.countdown.stopwatch, ownerID: timer.id), in: db)
    }

    /// The timers `request` selects, newest first.
    static func loadTimers(_ db: Database, _ request: QueryInterfaceRequest<TimerRow>) throws -> [TimerRecord] {
        try request
            .order(TimerRow.Columns.createdAt.desc, TimerRow.Columns.id)
            .including(all: TimerRow.segments)
            .asRequest(of: TimerRow.WithSegments.self)
            .fetchAll(db)
            .map { try $0.record() }
    }

    static func resolveTimer(
        _ reference: String?, at now: Date, unnamed: UnnamedTimer = .active, in db: Database
    ) throws -> TimerRecord {
        guard let reference else {
            let states: Set<Countdown.State> = unnamed == .paused ? [.paused] : [.running, .paused]
            let candidates = try loadTimers(db, TimerRow.filter(TimerRow.Columns.cancelledAt == nil && TimerRow.Columns.stoppedAt == nil))
                .filter { states.contains($0.countdown.state(at: now)) }
            let what = unnamed == .paused ? "paused" : "active"
            switch candidates.count {
            case 1: return candidates[0]
            case 0:
                throw StoreError.refused(unnamed == .paused
                    ? "no timer is paused; name one (see `tempo timer list`)"
                    : "no timer is running or paused; name one (see `tempo timer list`)")
            default:
                let names = candidates.map(\.displayName).joined(separator: ", ")
                throw StoreError.refused("several timers are \(what) (\(names)); name one")
            }
        }
        // LIKE ignores ASCII case: a lowercase prefix finds the uppercase stored id.
        return try RecordReference.resolve(
            reference, kind: "timer",
            byIDPrefix: { try loadTimers(db, TimerRow.filter(TimerRow.Columns.id.like($0 + "%"))) },
            byLabel: { label in
                // The active timer with the label, else the newest.
                let labelled = try loadTimers(db, TimerRow.filter(TimerRow.Columns.label == label))
                return labelled.first { [.running, .paused].contains($0.countdown.state(at: now)) } ?? labelled.first
            },
            name: \.displayName)
    }
}

extension TimerRecord {
    /// `label (id)` or just the short id.
    public var displayName: String { label.map { "\($0) (\(shortID))" } ?? shortID }
}
