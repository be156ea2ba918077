import Foundation
import HTTPTypes
import Hummingbird
import TempoKit

/// Live runs: declared with `PUT /v1/runs/{id}`, fed with `POST /v1/runs/{id}/fixes` in batches.
/// The summary is always that of the run's fixes in time order, replayed by the same `RunReplay`
/// and `RunSummary` a file's fixes go through, so a live run and a GPX of the same fixes agree.
extension RunController {
    /// The body of `PUT /v1/runs/{id}`; both fields optional, the body replaces the declaration.
    struct Declaration: StrictDecodable {
        static let allowedKeys: Set<String> = ["sport", "name"]
        let sport: String?
        let name: String?
    }

    /// The answer to a batch of fixes.
    struct BatchResult: Sendable {
        let accepted: Int
        let duplicates: Int
        /// The run's summary document after the batch, as stored.
        let run: String

        /// The answer as JSON text, keys sorted as in every document (`run` is stored JSON text,
        /// embedded as it is).
        var text: String { #"{"accepted":\#(accepted),"duplicates":\#(duplicates),"run":\#(run)}"# }
    }

    @Sendable func declare(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.runKey(context)
        let body = try await JSONBody.decode(Declaration.self, from: request, context: context)
        let sport = try body.sport.map { (name: String) throws -> Sport in
            guard let named = Sport(name: name) else {
                throw APIError(.badRequest, "invalid_field", "field \"sport\": \"\(name)\" names no sport (run, walk, hike, ride, ski, swim)")
            }
            return named
        }
        let createdAt = now()
        let cache = self.cache
        let (status, document, changed) = try await store.write { db -> (HTTPResponse.Status, String, Bool) in
            let stored = try Stored.fetch(account: caller.accountID, key: key, db: db)
            if let stored {
                guard stored.document != nil else { throw APIError(.conflict, "deleted", "run \(key) was deleted") }
                guard stored.source == "live" else { throw Self.notLive(key) }
            }
            if let stored, let document = stored.document, stored.sport == sport?.rawValue, stored.name == body.name {
                return (.ok, document, false)
            }
            if stored == nil {
                try db.execute(sql: """
                    INSERT INTO run (account_id, id, source, name, sport, created_at) VALUES (?, ?, 'live', ?, ?, ?)
                    """, arguments: [caller.accountID, key, body.name, sport?.rawValue, createdAt.timeIntervalSince1970])
            } else {
                try db.execute(sql: "UPDATE run SET name = ?, sport = ? WHERE account_id = ? AND id = ?",
                               arguments: [body.name, sport?.rawValue, caller.accountID, key])
            }
            // A new sport changes the recorder's settings: the run is replayed with them.
            cache.forget(account: caller.accountID, run: key)
            var replay = RunReplay(settings: RunSettings(sportNamed: sport?.rawValue))
            for fix in try Self.storedFixes(account: caller.accountID, run: key, source: "live", db: db) { replay.add(fix.fix) }
            let document = try Self.storeSummary(of: replay, replacing: stored?.document, account: caller.accountID, key: key, db: db)
            return (stored == nil ? .created : .ok, document, document != stored?.document)
        }
        if changed { await hub.publish(account: caller.accountID) }
        return Self.json(status, document)
    }

    @Sendable func addFixes(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.runKey(context)
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let batch = try RunFixBatch.decode(Data(buffer.readableBytesView))
        let cache = self.cache
        let result = try await store.write { db -> BatchResult in
            guard let stored = try Stored.fetch(account: caller.accountID, key: key, db: db) else { throw APIError.notFound("run") }
            guard let document = stored.document else { throw APIError(.conflict, "deleted", "run \(key) was deleted") }
            guard stored.source == "live" else { throw Self.notLive(key) }
            let held = try StoreRow.fetchOne(db, sql: """
                SELECT COUNT(*) AS count, MAX(time) AS last, MAX(seq) AS seq FROM run_fix WHERE account_id = ? AND run_id = ?
                """, arguments: [caller.accountID, key])
            let heldCount: Int = try held.flatMap { try $0["count"] } ?? 0
            let heldLast: Double? = try held.flatMap { try $0["last"] }
            let nextSeq: Int = (try held.flatMap { try $0["seq"] as Int? }).map { $0 + 1 } ?? 0
            // A fix at an instant the run holds (or this batch already gave) is a duplicate.
            var instants = Set<Double>()
            var fresh: [RunFixBody] = []
            for fix in batch.fixes.map(\.body) {
                guard let time = fix.time?.timeIntervalSince1970, instants.insert(time).inserted else { continue }
                // Only an instant not after the run's latest can be held already.
                if let heldLast, time <= heldLast,
                   try Int.fetchOne(db, sql: "SELECT 1 FROM run_fix WHERE account_id = ? AND run_id = ? AND time = ?",
                                   arguments: [caller.accountID, key, time]) != nil { continue }
                fresh.append(fix)
            }
            let duplicates = batch.fixes.count - fresh.count
            guard !fresh.isEmpty else { return BatchResult(accepted: 0, duplicates: duplicates, run: document) }
            fresh.sort { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }
            try Self.insert(fresh.enumerated().map { ($1, nextSeq + $0, 0) }, account: caller.accountID, run: key, db: db)
            let inOrder = heldLast.map { last in fresh[0].time.map { $0.timeIntervalSince1970 > last } ?? false } ?? true
            var replay: RunReplay
            if inOrder, heldCount == 0 {
                replay = RunReplay(settings: RunSettings(sportNamed: stored.sport))
                for fix in fresh { replay.add(fix.fix) }
            } else if inOrder, let entry = cache.entry(account: caller.accountID, run: key),
                      entry.fixCount == heldCount, entry.lastTime == heldLast {
                replay = entry.replay
                for fix in fresh { replay.add(fix.fix) }
            } else {
                // Out of order (or the recorder state is not at hand): replay every fix in time order.
                replay = RunReplay(settings: RunSettings(sportNamed: stored.sport))
                for fix in try Self.storedFixes(account: caller.accountID, run: key, source: "live", db: db) { replay.add(fix.fix) }
            }
            let updated = try Self.storeSummary(of: replay, replacing: document, account: caller.accountID, key: key, db: db)
            let last = [heldLast, fresh.last?.time?.timeIntervalSince1970].compactMap { $0 }.max()
            cache.keep(.init(replay: replay, fixCount: heldCount + fresh.count, lastTime: last), account: caller.accountID, run: key)
            return BatchResult(accepted: fresh.count, duplicates: duplicates, run: updated)
        }
        if result.accepted > 0 { await hub.publish(account: caller.accountID) }
        return Self.json(.ok, result.text)
    }

    /// Stores the summary of `replay` (a copy is finished; the replay itself goes on) as the run's
    /// document and appends its change, unless it is the `previous` document; returns the document.
    private static func storeSummary(
        of replay: RunReplay, replacing previous: String?, account: String, key: String, db: any StoreTransaction
    ) throws -> String {
        var finished = replay
        let summary = finished.summary()
        guard let id = UUID(uuidString: key) else { throw APIError.badRequest("the run id is not a UUID") }
        let document = try JSONBody.text(RunDocument(id: id, summary: summary))
        // A new name alone changes no document: nothing for the feed.
        guard document != previous else { return document }
        try db.execute(sql: "UPDATE run SET document = ?, started_at = ? WHERE account_id = ? AND id = ?",
                       arguments: [document, summary.startedAt?.timeIntervalSince1970, account, key])
        try ChangeFeed.append(db, account: account, kind: .run, id: key, op: "put", record: document)
        return document
    }

    /// The refusal to treat an uploaded file's run as a live one.
    private static func notLive(_ key: String) -> APIError {
        APIError(.conflict, "not_live", "run \(key) was uploaded as a file; only a live run takes fixes or a declaration")
    }
}
