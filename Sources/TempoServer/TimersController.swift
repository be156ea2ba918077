import Foundation
import HTTPTypes
import Hummingbird
import TempoKit
import TempoStore

/// Countdown timers, each account's own, with the keys of `tempo timer status --json`: a PUT
/// stores the instants, every GET derives the status at the server's `now` (TempoKit's
/// ``Countdown``), and ``TimerDeadlines`` announces each running timer's end.
struct TimersController {
    /// Where timers are kept.
    let store: any ServerStorage
    /// Wakes the account's live streams after a change.
    let hub: LiveHub
    /// Announces running timers' ends; told of every deadline a write sets or removes.
    let deadlines: TimerDeadlines
    /// The server's wall clock: a timer's status is read at its `now`.
    let now: @Sendable () -> Date

    /// Adds `GET /timers` and `PUT/GET/DELETE /timers/{id}` to `group`.
    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("timers", use: list)
        group.put("timers/:id", use: put)
        group.get("timers/:id", use: get)
        group.delete("timers/:id", use: delete)
    }

    /// The document of `GET /v1/timers`.
    struct TimerList: Encodable {
        /// The caller's timers, newest first.
        let timers: [TimerStatus]
    }

    /// What a PUT did: the answer, and the deadlines to forget and to schedule once it committed.
    private struct Outcome: Sendable {
        /// 201 or 200.
        let status: HTTPResponse.Status
        /// The timer at the server's now.
        let document: TimerStatus
        /// Whether a change was appended (the same document again appends none).
        let changed: Bool
        /// The deadline the timer had before, if any.
        let replaced: TimerDeadline?
        /// The deadline it has now, if any.
        let scheduled: TimerDeadline?
    }

    /// `PUT /v1/timers/{id}`: stores the document's timer (201 created, 200 same or updated) and
    /// reschedules its deadline.
    @Sendable func put(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let id = try Self.timerID(context)
        let body = try await JSONBody.decode(TimerBody.self, from: request, context: context)
        let timer = try body.timer(id: id)
        let now = self.now()
        let key = id.uuidString.lowercased()
        let pending: Date?
        do { pending = try timer.pendingDeadline(at: now) } catch {
            throw APIError(.badRequest, "invalid_timer", "\(error)")
        }
        let outcome = try await store.write { db -> Outcome in
            let old = try StoredTimerRow.find(db, account: caller.accountID, id: key)
            if let old, old.deleted { throw APIError(.conflict, "deleted", "timer \(key) was deleted") }
            let createdAt = old.map { Date(timeIntervalSince1970: $0.createdAt) } ?? now
            let document = try timer.status(id: id, createdAt: createdAt, at: now)
            var row = StoredTimerRow(account: caller.accountID, id: key, timer: timer, createdAt: createdAt, pendingDeadline: pending)
            if let old { row.createdAt = old.createdAt }
            if let old, old.storesSameTimer(as: row) {
                // Its pending deadline stays as it was: announced once, or still to come.
                return Outcome(status: .ok, document: document, changed: false, replaced: nil, scheduled: nil)
            }
            try row.save(db)
            try ChangeFeed.append(db, account: caller.accountID, kind: .timer, id: key, op: "put", record: JSONBody.text(document))
            return Outcome(status: old == nil ? .created : .ok, document: document, changed: true,
                           replaced: old?.pendingDeadline, scheduled: row.pendingDeadline)
        }
        if let replaced = outcome.replaced, replaced != outcome.scheduled { await deadlines.cancel(replaced) }
        if let scheduled = outcome.scheduled { await deadlines.schedule([scheduled]) }
        if outcome.changed { await hub.publish(account: caller.accountID) }
        return try JSONBody.response(outcome.status, outcome.document)
    }

    /// `GET /v1/timers/{id}`: the caller's timer at the server's now (404 for another's).
    @Sendable func get(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let id = try Self.timerID(context)
        let now = self.now()
        let document = try await store.read { db -> TimerStatus? in
            guard let row = try StoredTimerRow.find(db, account: caller.accountID, id: id.uuidString.lowercased()),
                  let timer = try row.timer() else { return nil }
            return try timer.status(id: id, createdAt: Date(timeIntervalSince1970: row.createdAt), at: now)
        }
        guard let document else { throw APIError.notFound("timer") }
        return try JSONBody.response(.ok, document)
    }

    /// `GET /v1/timers`: the caller's timers at the server's now, newest first.
    @Sendable func list(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let now = self.now()
        let timers = try await store.read { db -> [TimerStatus] in
            try StoreRow.fetchAll(db, sql: """
                SELECT * FROM timer WHERE account_id = ? AND deleted = ? ORDER BY created_at DESC, rowid DESC
                """, arguments: [caller.accountID, false])
                .map(StoredTimerRow.init(row:))
                .compactMap { row in
                    guard let timer = try row.timer(), let uuid = UUID(uuidString: row.id) else { return nil }
                    return try timer.status(id: uuid, createdAt: Date(timeIntervalSince1970: row.createdAt), at: now)
                }
        }
        return try JSONBody.response(.ok, TimerList(timers: timers))
    }

    /// `DELETE /v1/timers/{id}`: leaves a tombstone and forgets the timer's deadline.
    @Sendable func delete(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.timerID(context).uuidString.lowercased()
        let found = try await store.write { db -> (found: Bool, forgotten: TimerDeadline?) in
            guard let row = try StoredTimerRow.find(db, account: caller.accountID, id: key) else { return (false, nil) }
            guard !row.deleted else { return (true, nil) }
            let tombstone = StoredTimerRow(account: caller.accountID, id: key, timer: nil, createdAt: Date(timeIntervalSince1970: row.createdAt), pendingDeadline: nil)
            try tombstone.save(db)
            try ChangeFeed.append(db, account: caller.accountID, kind: .timer, id: key, op: "delete", record: nil)
            return (true, row.pendingDeadline)
        }
        guard found.found else { throw APIError.notFound("timer") }
        if let forgotten = found.forgotten { await deadlines.cancel(forgotten) }
        await hub.publish(account: caller.accountID)
        return Response(status: .noContent)
    }

    private static func timerID(_ context: TempoRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw APIError.badRequest("the timer id is not a UUID")
        }
        return id
    }
}
