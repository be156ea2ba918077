import Foundation
import HTTPTypes
import Hummingbird
import TempoKit

/// Focus settings and sessions, each account's own; overlaps are refused or trimmed by the
/// same `FocusLedger.add` rule `tempo focus add` uses.
struct FocusController {
    let store: any ServerStorage
    let hub: LiveHub
    let now: @Sendable () -> Date
    /// Settings, ledgers and status documents derived from each account's records.
    let cache = FocusCache()

    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.put("focus/settings", use: putSettings)
        group.get("focus/settings", use: getSettings)
        group.put("focus/sessions/:id", use: putSession)
        group.get("focus/sessions/:id", use: getSession)
        group.delete("focus/sessions/:id", use: deleteSession)
        addTotalsRoutes(to: group)
    }

    // MARK: - Settings

    struct SettingsBody: StrictDecodable, Encodable, Equatable {
        static let allowedKeys: Set<String> = ["tz", "day_start", "goal_s"]
        let tz: String
        let dayStart: String
        let goalS: Double?

        enum CodingKeys: String, CodingKey {
            case tz, dayStart = "day_start", goalS = "goal_s"
        }

        /// The TempoKit settings these stand for, or a 400 naming the field.
        func settings() throws -> FocusSettings {
            let dayStart: DayTime
            do { dayStart = try DayTime(parsing: self.dayStart) } catch {
                throw APIError(.badRequest, "invalid_field", "field \"day_start\": \(error)")
            }
            let goal = try goalS.map { seconds in
                guard let goal = ValidRange.duration(seconds: seconds), goal > .zero else {
                    throw APIError(.badRequest, "invalid_field", "field \"goal_s\" must be more than 0 and at most \(ValidRange.durations.upperBound.components.seconds)")
                }
                return goal
            }
            let settings = FocusSettings(timeZoneIdentifier: tz, dayStart: dayStart, goal: goal)
            do { _ = try settings.calendar() } catch {
                throw APIError(.badRequest, "invalid_field", "field \"tz\": \(error)")
            }
            return settings
        }
    }

    /// Settings of an account that never set any.
    static let defaultSettings = SettingsBody(tz: "UTC", dayStart: "00:00", goalS: nil)

    @Sendable func putSettings(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await JSONBody.decode(SettingsBody.self, from: request, context: context)
        let settings = try body.settings()
        let normalized = SettingsBody(tz: settings.timeZoneIdentifier, dayStart: settings.dayStart.description, goalS: settings.goal?.timeInterval)
        let document = try JSONBody.text(normalized)
        try await store.write { db in
            let old = try String.fetchOne(db, sql: "SELECT document FROM focus_settings WHERE account_id = ?", arguments: [caller.accountID])
            guard old != document else { return }
            try db.execute(sql: """
                INSERT INTO focus_settings (account_id, document) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET document = excluded.document
                """, arguments: [caller.accountID, document])
            try ChangeFeed.append(db, account: caller.accountID, kind: .focusSettings, id: "settings", op: "put", record: document)
        }
        await hub.publish(account: caller.accountID)
        return try JSONBody.response(.ok, normalized)
    }

    @Sendable func getSettings(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let settings = try await store.read { db in try Self.settings(of: caller.accountID, db: db) }
        return try JSONBody.response(.ok, settings)
    }

    /// The account's settings (the defaults if it never set any).
    static func settings(of account: String, db: any StoreTransaction) throws -> SettingsBody {
        guard let text = try String.fetchOne(db, sql: "SELECT document FROM focus_settings WHERE account_id = ?", arguments: [account])
        else { return defaultSettings }
        return try JSONDecoder().decode(SettingsBody.self, from: Data(text.utf8))
    }

    // MARK: - Sessions

    struct SessionBody: StrictDecodable {
        static let allowedKeys: Set<String> = ["start", "end", "tag", "tags", "trim", "segments"]
        let start: Date
        let end: Date?
        /// One tag, as clients before `tags` send it; ignored when `tags` is given.
        let tag: String?
        /// Every tag of the session.
        let tags: [String]?
        let trim: Bool?
        /// The focused stretches of a session that was paused (nil: one, from start): all closed
        /// in a stopped one; in an active one all closed (paused) or all but the last (running).
        let segments: [FocusSessionDocument.Segment]?
    }

    @Sendable func putSession(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let id = try Self.sessionID(context)
        let body = try await JSONBody.decode(SessionBody.self, from: request, context: context)
        for (name, instant) in [("start", body.start), ("end", body.end)] {
            guard let instant else { continue }
            do { try ValidRange.check(instant: instant, name) } catch {
                throw APIError(.badRequest, "invalid_field", "field \"\(name)\": \(error)")
            }
        }
        let now = self.now()
        let key = id.uuidString.lowercased()
        let (status, document) = try await store.write { db -> (HTTPResponse.Status, FocusSessionDocument) in
            var existing: FocusSessionDocument??
            if let row = try StoreRow.fetchOne(db, sql: "SELECT document FROM focus_session WHERE account_id = ? AND id = ?",
                                          arguments: [caller.accountID, key]) {
                let text: String? = try row["document"]
                existing = .some(try text.map { try JSONDecoder.api.decode(FocusSessionDocument.self, from: Data($0.utf8)) })
            }
            if case .some(.none) = existing { throw APIError(.conflict, "deleted", "session \(key) was deleted") }
            // Only sessions that can overlap this one take part in the overlap rule.
            var others = try Self.ledger(of: caller.accountID, db: db, excluding: key, overlapping: body.start, body.end ?? now)
            let session = try Self.session(id: id, body: body, others: &others, now: now)
            let document = FocusSessionDocument(session)
            if case .some(.some(let old)) = existing, old == document { return (.ok, document) }
            let text = try JSONBody.text(document)
            try db.execute(sql: """
                INSERT INTO focus_session (account_id, id, document, start_at, end_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account_id, id) DO UPDATE SET document = excluded.document, start_at = excluded.start_at,
                    end_at = excluded.end_at
                """,
                           arguments: [caller.accountID, key, text, document.start.timeIntervalSince1970, document.end?.timeIntervalSince1970])
            try ChangeFeed.append(db, account: caller.accountID, kind: .focusSession, id: key, op: "put", record: text)
            return (existing == nil ? .created : .ok, document)
        }
        await hub.publish(account: caller.accountID)
        return try JSONBody.response(status, document)
    }

    /// The session the body describes, checked against the account's other sessions.
    private static func session(id: UUID, body: SessionBody, others: inout FocusLedger, now: Date) throws -> FocusSession {
        do {
            if let segments = body.segments {
                return try segmented(id: id, body: body, segments: segments, others: &others, now: now)
            }
            if let end = body.end {
                return try others.add(start: body.start, end: end, tags: body.sessionTags, id: id, trim: body.trim ?? false, now: now)
            }
            // Running: it may not overlap what others focused up to now, nor run beside another.
            try refuseBeside(others.active)
            return try FocusSession(id: id, tags: body.sessionTags, stopwatch: running(from: body.start, others: others, tags: body.sessionTags, now: now))
        } catch let error as FocusError {
            switch error {
            case .overlap, .fullyCovered: throw APIError(.conflict, "overlap", error.description)
            default: throw APIError(.badRequest, "invalid_session", error.description)
            }
        }
    }

    /// A session made of stretches (it was paused): each closed stretch goes through the overlap
    /// rule on its own (trimmed or refused), and what is left of them is the session — stopped
    /// at `end`, or, without one, paused (every stretch closed) or running (the last one open).
    private static func segmented(
        id: UUID, body: SessionBody, segments: [FocusSessionDocument.Segment], others: inout FocusLedger, now: Date
    ) throws -> FocusSession {
        try checkStretches(segments, start: body.start, end: body.end, now: now)
        if body.end == nil { try refuseBeside(others.active) }
        var kept: [Stopwatch.Segment] = []
        for segment in segments {
            guard let segmentEnd = segment.end else {
                kept += try running(from: segment.start, others: others, tags: body.sessionTags, now: now).segments
                continue
            }
            // A stretch other sessions cover entirely adds nothing; the others still count.
            let piece = Result { () throws(FocusError) -> FocusSession in
                try others.add(start: segment.start, end: segmentEnd, tags: body.sessionTags, trim: body.trim ?? false, now: now)
            }
            switch piece {
            case .success(let piece): kept += piece.stopwatch.segments
            case .failure(.fullyCovered): continue
            case .failure(let error): throw error
            }
        }
        guard !kept.isEmpty else { throw FocusError.fullyCovered }
        let stoppedAt = body.end.map { end in kept.last?.end.map { max($0, end) } ?? end }
        let stopwatch: Stopwatch
        do { stopwatch = try Stopwatch(segments: kept, stoppedAt: stoppedAt) } catch {
            throw APIError(.badRequest, "invalid_field", "field \"segments\": \(error)")
        }
        return FocusSession(id: id, tags: body.sessionTags, stopwatch: stopwatch)
    }

    /// Refuses stretches that are not one after another from `start`, closed but for an active
    /// session's last, and past by `end` (or by now, for an active session).
    private static func checkStretches(_ segments: [FocusSessionDocument.Segment], start: Date, end: Date?, now: Date) throws {
        if segments.isEmpty { throw APIError(.badRequest, "invalid_field", "field \"segments\" is empty") }
        let limit = end ?? now
        var previousEnd: Date?
        for (index, segment) in segments.enumerated() {
            let follows = previousEnd.map { segment.start >= $0 } ?? (segment.start == start)
            let isLast = index == segments.count - 1
            let fits = segment.end.map { segment.start <= $0 && $0 <= limit } ?? (isLast && end == nil && segment.start <= now)
            guard follows, fits else {
                throw APIError(.badRequest, "invalid_field", end == nil
                    ? "field \"segments\" must be stretches one after another from start, none after now, all closed but the last"
                    : "field \"segments\" must be closed stretches one after another from start to at most end")
            }
            previousEnd = segment.end
        }
    }

    /// A stretch running since `start`: it may not overlap what `others` focused up to now.
    private static func running(from start: Date, others: FocusLedger, tags: [String], now: Date) throws -> Stopwatch {
        guard start <= now else { throw FocusError.endsInFuture(end: start) }
        if start < now {
            var probe = others
            _ = try probe.add(start: start, end: now, tags: tags, trim: false, now: now)
        }
        return try Stopwatch(segments: [Stopwatch.Segment(start: start)], stoppedAt: nil)
    }

    /// An active session (running or paused) may not be kept beside another.
    private static func refuseBeside(_ active: FocusSession?) throws {
        guard let active else { return }
        let state = active.stopwatch.state == .paused ? "paused" : "running"
        throw APIError(.conflict, "overlap", "session \(active.displayName) is \(state); stop it first")
    }

    @Sendable func getSession(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.sessionID(context).uuidString.lowercased()
        let text = try await store.read { db in
            try String.fetchOne(db, sql: "SELECT document FROM focus_session WHERE account_id = ? AND id = ?", arguments: [caller.accountID, key])
        }
        guard let text else { throw APIError.notFound("session") }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: .init(string: text)))
    }

    @Sendable func deleteSession(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.sessionID(context).uuidString.lowercased()
        let found = try await store.write { db -> Bool in
            guard let row = try StoreRow.fetchOne(db, sql: "SELECT document FROM focus_session WHERE account_id = ? AND id = ?",
                                             arguments: [caller.accountID, key]) else { return false }
            guard (try row["document"] as String?) != nil else { return true }
            try db.execute(sql: "UPDATE focus_session SET document = NULL, start_at = NULL, end_at = NULL WHERE account_id = ? AND id = ?",
                           arguments: [caller.accountID, key])
            try ChangeFeed.append(db, account: caller.accountID, kind: .focusSession, id: key, op: "delete", record: nil)
            return true
        }
        guard found else { throw APIError.notFound("session") }
        await hub.publish(account: caller.accountID)
        return Response(status: .noContent)
    }

    private static func sessionID(_ context: TempoRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw APIError.badRequest("the session id is not a UUID")
        }
        return id
    }
}

extension FocusController.SessionBody {
    /// The session's tags: `tags` when given, else the one `tag` of an older client.
    var sessionTags: [String] { tags ?? (tag.map { [$0] } ?? []) }
}
