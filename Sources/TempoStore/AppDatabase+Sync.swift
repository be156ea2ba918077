import Foundation
import GRDB
import TempoKit

/// What this device and a server agree on: for each record the digest of the document the
/// server acknowledged (pushed and answered, or pulled from its feed), and how far the feed was
/// read. A record whose document's digest differs from its acknowledged one is pushed; a record
/// acknowledged but no longer here was deleted here.
extension AppDatabase {
    /// The sync tables' migrations, in order (append-only).
    static func registerSyncMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 sync") { db in
            try db.execute(sql: """
                CREATE TABLE sync_ack (
                    kind TEXT NOT NULL,
                    id TEXT NOT NULL,
                    digest TEXT NOT NULL,
                    PRIMARY KEY (kind, id)
                ) WITHOUT ROWID;
                CREATE TABLE sync_state (
                    key TEXT PRIMARY KEY NOT NULL,
                    value INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        // Before runs synced, the cursor moved past `run` changes without applying them: a device
        // reads the feed again from the start (what it applied already is recognised by its digest).
        migrator.registerMigration("v2 sync runs") { db in
            try db.execute(sql: "DELETE FROM sync_state WHERE key = 'cursor'")
        }
        // Before timers synced, the cursor moved past `timer` changes without applying them: read
        // the feed again from the start once more.
        migrator.registerMigration("v3 sync timers") { db in
            try db.execute(sql: "DELETE FROM sync_state WHERE key = 'cursor'")
        }
    }

    /// Kinds of `sync_ack`, as the server's change feed names them.
    enum SyncKind {
        static let settings = "focus_settings", session = "focus_session", badge = "badge", run = "run", place = "place",
            timer = "timer"
        /// The id of the account's one settings record.
        static let settingsID = "settings"
    }

    // MARK: - Pushing

    /// Every local change the server has not acknowledged: the settings (once configured here),
    /// stopped sessions new or changed, badges, places new or changed, finished runs not pushed
    /// yet, timers new or changed, and deletions.
    /// Running sessions wait until they stop, unfinished runs until they finish.
    public func syncOutbox() throws -> [SyncOutgoing] {
        try perform(.read) { db in
            let acks = try Self.acknowledged(db)
            var outbox: [SyncOutgoing] = []
            if let settings = try Self.syncedSettings(db),
               acks[SyncKind.settings]?[SyncKind.settingsID] != (try Self.digest(settings)) {
                outbox.append(.settings(settings))
            }
            let sessions = try Self.loadSessions(db, overlapping: .distantPast, .distantFuture)
            var present = Set<String>()
            for session in sessions {
                let document = SyncedFocusSession(session)
                present.insert(document.id)
                guard session.stoppedAt != nil else { continue }
                if acks[SyncKind.session]?[document.id] != (try Self.digest(document)) { outbox.append(.session(document)) }
            }
            for id in (acks[SyncKind.session] ?? [:]).keys.sorted() where !present.contains(id) {
                outbox.append(.sessionDeleted(id: id))
            }
            for row in try BadgeRow.order(BadgeRow.Columns.earnedAt, BadgeRow.Columns.badge).fetchAll(db) {
                let document = SyncedBadge(row.record)
                if acks[SyncKind.badge]?[document.badge] != (try Self.digest(document)) { outbox.append(.badge(document)) }
            }
            outbox += try Self.placeOutbox(db, acknowledged: acks[SyncKind.place] ?? [:])
            outbox += try Self.runOutbox(db, acknowledged: acks[SyncKind.run] ?? [:])
            outbox += try Self.timerOutbox(db, acknowledged: acks[SyncKind.timer] ?? [:])
            return outbox
        }
    }

    /// Records the server's answer to a push in one transaction: its version of the record
    /// (settings or session) replaces the local one and is acknowledged; a deletion's
    /// acknowledgement is forgotten.
    public func acknowledgePush(_ answer: SyncIncoming) throws {
        _ = try perform(.write) { db in try Self.apply(answer, in: db) }
    }

    // MARK: - Pulling

    /// The seq of the last feed entry applied here (0 before the first sync).
    public func syncCursor() throws -> Int64 {
        try perform(.read) { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'cursor'") ?? 0
        }
    }

    /// Applies one page of the server's feed and moves the cursor to `cursor`, in one
    /// transaction: a process killed meanwhile leaves neither half a page nor a cursor ahead of
    /// what was applied. Returns how many records it changed here.
    @discardableResult
    public func applyPulled(_ changes: [SyncIncoming], cursor: Int64) throws -> Int {
        try perform(.write) { db in
            var changed = 0
            for change in changes {
                if try Self.apply(change, in: db) { changed += 1 }
            }
            try db.execute(sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES ('cursor', ?)", arguments: [cursor])
            return changed
        }
    }

    /// Forgets what was acknowledged and how far the feed was read (the device signed in to
    /// another account or server): the next sync pushes everything and reads the feed from the start.
    public func resetSync() throws {
        try perform(.write) { db in
            try db.execute(sql: "DELETE FROM sync_ack; DELETE FROM sync_state")
        }
    }

    // MARK: - Applying

    /// Makes `change` the local version and acknowledges it; true when the local store changed.
    @discardableResult
    private static func apply(_ change: SyncIncoming, in db: Database) throws -> Bool {
        switch change {
        case .settings(let settings):
            let digest = try digest(settings)
            guard try acknowledgedDigest(db, kind: SyncKind.settings, id: SyncKind.settingsID) != digest
                    || (try syncedSettings(db)) != settings else { return false }
            _ = try DayTime(parsing: settings.dayStart)
            for (key, value) in [("tz", settings.tz), ("day_start", settings.dayStart), ("goal_s", settings.goalS.map { String($0) } ?? "")] {
                try FocusSettingRow(key: key, value: value).save(db)
            }
            try acknowledge(db, kind: SyncKind.settings, id: SyncKind.settingsID, digest: digest)
            return true
        case .session(let document):
            // A running session arrives again when it stops; a device keeps one of its own at most.
            guard document.end != nil, let uuid = UUID(uuidString: document.id) else { return false }
            let existing = try FocusSessionRow.fetchOne(db, key: uuid.uuidString)
            let session = try document.session(importKey: existing?.importKey)
            let local = SyncedFocusSession(session)
            let digest = try digest(local)
            if existing != nil, try acknowledgedDigest(db, kind: SyncKind.session, id: local.id) == digest { return false }
            try save(session, in: db, isNew: false)
            try acknowledge(db, kind: SyncKind.session, id: local.id, digest: digest)
            return true
        case .sessionDeleted(let id):
            let deleted = try UUID(uuidString: id).map { try FocusSessionRow.deleteOne(db, key: $0.uuidString) } ?? false
            try db.execute(sql: "DELETE FROM sync_ack WHERE kind = ? AND id = ?", arguments: [SyncKind.session, id.lowercased()])
            return deleted
        case .badge(let document):
            let digest = try digest(document)
            var row = try BadgeRow.filter(BadgeRow.Columns.badge == document.badge).fetchOne(db)
            if let row, SyncedBadge(row.record) == document,
               try acknowledgedDigest(db, kind: SyncKind.badge, id: document.badge) == digest { return false }
            // Once ever, the earliest award kept: an older feed entry never replaces an earlier award.
            if let row, row.earnedAt < document.earnedAt { return false }
            let record = BadgeRecord(id: row?.id ?? UUID(), badge: document.badge, place: document.place, spot: document.spot,
                                     earnedAt: document.earnedAt, coordinate: Coordinate(latitude: document.lat, longitude: document.lon))
            row = BadgeRow(record)
            try row?.save(db)
            try acknowledge(db, kind: SyncKind.badge, id: document.badge, digest: digest)
            return true
        case .run(let run):
            return try applyRun(run, in: db)
        case .runDeleted(let id):
            return try applyRunDeletion(id: id, in: db)
        case .place(let place):
            return try applyPlace(place, in: db)
        case .placeDeleted(let name):
            return try applyPlaceDeletion(name: name, in: db)
        case .timer(let timer):
            return try applyTimer(timer, in: db)
        case .timerDeleted(let id):
            return try applyTimerDeletion(id: id, in: db)
        case .other:
            return false
        }
    }

    static func acknowledge(_ db: Database, kind: String, id: String, digest: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO sync_ack (kind, id, digest) VALUES (?, ?, ?)", arguments: [kind, id, digest])
    }

    static func acknowledgedDigest(_ db: Database, kind: String, id: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT digest FROM sync_ack WHERE kind = ? AND id = ?", arguments: [kind, id])
    }

    /// Every acknowledged digest, by kind and id.
    static func acknowledged(_ db: Database) throws -> [String: [String: String]] {
        var acks: [String: [String: String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT kind, id, digest FROM sync_ack") {
            let kind: String = row["kind"], id: String = row["id"], digest: String = row["digest"]
            acks[kind, default: [:]][id] = digest
        }
        return acks
    }

    /// The settings as the server keeps them, or nil while this device never configured any
    /// (the system's zone is no choice to push to other devices).
    private static func syncedSettings(_ db: Database) throws -> SyncedFocusSettings? {
        let values = Dictionary(try FocusSettingRow.fetchAll(db).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let tz = values["tz"] else { return nil }
        return SyncedFocusSettings(tz: tz, dayStart: values["day_start"] ?? "00:00", goalS: values["goal_s"].flatMap { Double($0) })
    }

    /// The digest of a document: SHA-256 of its JSON (sorted keys, ISO 8601 instants).
    static func digest(_ document: some Encodable) throws -> String {
        SHA256.hex(try TempoJSON.encoder(pretty: false).encode(document))
    }
}
