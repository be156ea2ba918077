import Foundation
import TempoKit
import TempoStore

/// One account's region monitor over its places, as the server keeps it between batches: the
/// pure `MonitorCore`, the places by name, the last processed fix's time, and the revision of
/// the stored monitor it matches (`place_monitor.revision`, bumped by every batch that changed
/// something and by every place change, so a stale copy is noticed and rebuilt).
struct AccountMonitor: Sendable {
    /// The monitor's rules and state.
    private(set) var core: MonitorCore
    /// The account's places by name (the monitor's identifiers).
    let places: [String: Place]
    /// The stored monitor's revision this copy matches.
    private(set) var revision: Int64
    /// Fixes at or before this instant were processed already (a re-sent batch changes nothing).
    private(set) var lastFixTime: Date?

    /// What one batch did.
    struct Outcome: Sendable {
        /// The events, in order.
        var events: [PlacesEvent] = []
        /// The badges newly awarded.
        var badges: [BadgeDocument] = []
    }

    /// The stored revision of the account's monitor (0 before any).
    static func storedRevision(_ db: any StoreTransaction, account: String) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT revision FROM place_monitor WHERE account_id = ?", arguments: [account]) ?? 0
    }

    /// Rebuilds the account's monitor from the database: its places, each condition's state and
    /// last reported event, and the last processed fix's time.
    static func load(_ db: any StoreTransaction, account: String) throws -> AccountMonitor {
        let places = try PlacesController.places(of: account, db: db)
        var states: [String: StoreRow] = [:]
        for row in try StoreRow.fetchAll(db, sql: "SELECT * FROM place_state WHERE account_id = ?", arguments: [account]) {
            let name: String = try row["name"]
            states[name] = row
        }
        let monitorRow = try StoreRow.fetchOne(db, sql: "SELECT revision, last_fix_at FROM place_monitor WHERE account_id = ?",
                                          arguments: [account])
        var core = MonitorCore()
        for name in places.keys.sorted() {
            guard let place = places[name] else { continue }
            var state = ConditionState.unknown
            var lastEvent: MonitorEvent?
            if let row = states[name] {
                state = ConditionState(rawValue: try row["state"]) ?? .unknown
                if let eventState = (try row["event_state"] as String?).flatMap(ConditionState.init(rawValue:)),
                   let at: Double = try row["event_at"], let latitude: Double = try row["event_latitude"],
                   let longitude: Double = try row["event_longitude"] {
                    let date = Date(timeIntervalSince1970: at)
                    let fix = LocationFix(time: date, coordinate: Coordinate(latitude: latitude, longitude: longitude),
                                          horizontalAccuracyMeters: try row["event_accuracy_m"])
                    lastEvent = MonitorEvent(identifier: name, state: eventState, date: date, fix: fix)
                }
            }
            core.add(place.condition, identifier: name, assuming: state, lastEvent: lastEvent)
        }
        let lastFix: Double? = try monitorRow.flatMap { try $0["last_fix_at"] }
        let revision: Int64? = try monitorRow.flatMap { try $0["revision"] }
        return AccountMonitor(core: core, places: places, revision: revision ?? 0,
                              lastFixTime: lastFix.map(Date.init(timeIntervalSince1970:)))
    }

    /// Feeds a batch of fixes (each with a time) in order, awards badges once ever, and writes the
    /// changed states, the new badges and their feed entries; all in the caller's transaction.
    ///
    /// Fixes not after the last processed fix are skipped. `now` is not read by the rules (the
    /// policy has no staleness limit, as for a replayed track): fix times decide everything.
    mutating func process(_ fixes: [LocationFix], now: Date, db: any StoreTransaction, account: String) throws -> Outcome {
        var outcome = Outcome()
        var changed = Set<String>()
        var accepted = false
        for fix in fixes {
            if let lastFixTime, let time = fix.time, time <= lastFixTime { continue }
            let step = core.process(fix, now: now)
            guard step.verdict == .accepted else { continue }
            accepted = true
            lastFixTime = fix.time ?? lastFixTime
            for change in step.unreportedChanges { changed.insert(change.identifier) }
            for event in step.events {
                changed.insert(event.identifier)
                let place = places[event.identifier]
                var awarded: String?
                if let award = BadgeAward.earned(by: event, at: place) {
                    let document = BadgeDocument(award)
                    if try Self.insertBadge(document, db: db, account: account) {
                        awarded = award.badge
                        outcome.badges.append(document)
                    }
                }
                outcome.events.append(PlacesEvent(
                    identifier: event.identifier, state: event.state, time: event.date, latitude: event.fix.latitude,
                    longitude: event.fix.longitude, accuracyMeters: event.fix.horizontalAccuracyMeters,
                    kind: place?.isSpot == false ? "landmark" : "spot", spot: place?.spot, badgeAwarded: awarded))
            }
        }
        guard accepted else { return outcome }
        for name in changed {
            guard let record = core.record(for: name) else { continue }
            let event = record.lastEvent
            try db.execute(sql: """
                INSERT INTO place_state
                    (account_id, name, state, event_state, event_at, event_latitude, event_longitude, event_accuracy_m)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (account_id, name) DO UPDATE SET state = excluded.state, event_state = excluded.event_state,
                    event_at = excluded.event_at, event_latitude = excluded.event_latitude,
                    event_longitude = excluded.event_longitude, event_accuracy_m = excluded.event_accuracy_m
                """, arguments: [account, name, record.state.rawValue, event?.state.rawValue, event?.date.timeIntervalSince1970,
                                 event?.fix.latitude, event?.fix.longitude, event?.fix.horizontalAccuracyMeters])
        }
        revision += 1
        try db.execute(sql: """
            INSERT INTO place_monitor (account_id, revision, last_fix_at) VALUES (?, ?, ?)
            ON CONFLICT(account_id) DO UPDATE SET revision = excluded.revision, last_fix_at = excluded.last_fix_at
            """, arguments: [account, revision, lastFixTime?.timeIntervalSince1970])
        return outcome
    }

    /// Stores a badge unless the account has it; returns whether it was new (and fed).
    static func insertBadge(_ badge: BadgeDocument, db: any StoreTransaction, account: String) throws -> Bool {
        let text = try JSONBody.text(badge)
        let inserted = try db.execute(sql: "INSERT INTO badge (account_id, badge, document) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                      arguments: [account, badge.badge, text])
        guard inserted == 1 else { return false }
        try ChangeFeed.append(db, account: account, kind: .badge, id: badge.badge, op: "put", record: text)
        return true
    }
}
