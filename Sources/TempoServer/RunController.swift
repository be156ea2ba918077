import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TempoFormats
import TempoKit

/// Runs, each account's own: files uploaded as they are (GPX, TCX, FIT; the id derived from the
/// bytes by `RunID`, so the same file is one run everywhere) and live runs fed fixes in batches.
/// Every summary is the one `tempo run summary --json` prints for the same fixes.
struct RunController {
    let store: any ServerStorage
    let hub: LiveHub
    let cache: LiveRunCache
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.post("runs", use: upload)
        group.get("runs", use: list)
        group.get("runs/:id", use: get)
        group.put("runs/:id", use: declare)
        group.delete("runs/:id", use: delete)
        group.get("runs/:id/fixes", use: fixes)
        group.post("runs/:id/fixes", use: addFixes)
    }

    /// A run's row: where it came from, its sport as declared, and its document (nil once deleted).
    struct Stored: Sendable {
        let source: String
        let sport: String?
        let name: String?
        let document: String?

        /// The caller's run `key`, if it was ever stored (deleted ones too).
        static func fetch(account: String, key: String, db: any StoreTransaction) throws -> Stored? {
            try StoreRow.fetchOne(db, sql: "SELECT source, sport, name, document FROM run WHERE account_id = ? AND id = ?",
                             arguments: [account, key]).map { row in
                try Stored(source: row["source"], sport: row["sport"], name: row["name"], document: row["document"])
            }
        }
    }

    // MARK: - Files

    @Sendable func upload(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let declared = try RunUploadFormat.format(contentType: request.headers[.contentType])
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let data = Data(buffer.readableBytesView)
        let id = await RunFileReader.id(of: data)
        let key = id.uuidString.lowercased()
        // The same bytes again are answered without reading them.
        if let stored = try await store.read({ db in try Stored.fetch(account: caller.accountID, key: key, db: db) }) {
            return try Self.uploadedBefore(stored, key: key)
        }
        let read = try await RunFileReader.read(data, format: declared)
        guard read.format != .nmea else {
            throw APIError(.unsupportedMediaType, "unsupported_media_type", "body: NMEA is recorded live (PUT /v1/runs/{id}), not uploaded")
        }
        // As `tempo run import` has it: a file with waypoints only (or empty tracks) is not a run.
        guard read.activity.pointCount > 0 else {
            throw APIError(.badRequest, "no_track_points", "body: no track points (waypoints only, or empty tracks): not a run")
        }
        let document = try JSONBody.text(RunDocument(id: id, summary: read.summary))
        let createdAt = now()
        let earlier = try await store.write { db -> Stored? in
            if let stored = try Stored.fetch(account: caller.accountID, key: key, db: db) { return stored }
            try db.execute(sql: """
                INSERT INTO run (account_id, id, source, name, sport, document, started_at, created_at)
                VALUES (?, ?, 'file', ?, ?, ?, ?, ?)
                """, arguments: [caller.accountID, key, read.activity.name, read.summary.sport?.rawValue, document,
                                 read.summary.startedAt?.timeIntervalSince1970, createdAt.timeIntervalSince1970])
            var numbered: [(fix: RunFixBody, seq: Int, segment: Int)] = []
            for (segment, fixes) in read.activity.segments.enumerated() {
                for fix in fixes { numbered.append((RunFixBody(fix), numbered.count, segment)) }
            }
            try Self.insert(numbered, account: caller.accountID, run: key, db: db)
            try ChangeFeed.append(db, account: caller.accountID, kind: .run, id: key, op: "put", record: document)
            return nil
        }
        if let earlier { return try Self.uploadedBefore(earlier, key: key) }
        await hub.publish(account: caller.accountID)
        return Self.json(.created, document)
    }

    /// The answer to bytes already uploaded: the run as stored, or 409 once it was deleted.
    private static func uploadedBefore(_ stored: Stored, key: String) throws -> Response {
        guard let document = stored.document else { throw APIError(.conflict, "deleted", "run \(key) was deleted") }
        return json(.ok, document)
    }

    // MARK: - Reading and deleting

    @Sendable func get(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.runKey(context)
        let stored = try await store.read { db in try Stored.fetch(account: caller.accountID, key: key, db: db) }
        guard let document = stored?.document else { throw APIError.notFound("run") }
        return Self.json(.ok, document)
    }

    @Sendable func list(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let runs = try await store.read { db in
            try StoreRow.fetchAll(db, sql: """
                SELECT id, source, name, document FROM run WHERE account_id = ? AND document IS NOT NULL
                ORDER BY started_at IS NULL, started_at DESC, created_at DESC, id
                """, arguments: [caller.accountID]).map { row in
                try RunListItem(id: row["id"], source: row["source"], name: row["name"], document: row["document"])
            }
        }
        return try JSONBody.response(.ok, ["runs": runs])
    }

    @Sendable func delete(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.runKey(context)
        let found = try await store.write { db -> Bool in
            guard let stored = try Stored.fetch(account: caller.accountID, key: key, db: db) else { return false }
            guard stored.document != nil else { return true }
            try db.execute(sql: "UPDATE run SET document = NULL, started_at = NULL WHERE account_id = ? AND id = ?",
                           arguments: [caller.accountID, key])
            try db.execute(sql: "DELETE FROM run_fix WHERE account_id = ? AND run_id = ?", arguments: [caller.accountID, key])
            try ChangeFeed.append(db, account: caller.accountID, kind: .run, id: key, op: "delete", record: nil)
            return true
        }
        guard found else { throw APIError.notFound("run") }
        cache.forget(account: caller.accountID, run: key)
        await hub.publish(account: caller.accountID)
        return Response(status: .noContent)
    }

    @Sendable func fixes(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let key = try Self.runKey(context)
        let fixes = try await store.read { db -> [RunFixBody]? in
            guard let stored = try Stored.fetch(account: caller.accountID, key: key, db: db), stored.document != nil else { return nil }
            return try Self.storedFixes(account: caller.accountID, run: key, source: stored.source, db: db)
        }
        guard let fixes else { throw APIError.notFound("run") }
        return try JSONBody.response(.ok, ["fixes": fixes])
    }

    // MARK: - Helpers

    /// A run's fixes: a live run's in time order, a file's in file order.
    static func storedFixes(account: String, run: String, source: String, db: any StoreTransaction) throws -> [RunFixBody] {
        let order = source == "live" ? "time" : "seq"
        return try StoreRow.fetchAll(db, sql: """
            SELECT time, lat, lon, ele, accuracy_m, speed_m_s FROM run_fix WHERE account_id = ? AND run_id = ? ORDER BY \(order)
            """, arguments: [account, run]).map(RunFixBody.init(row:))
    }

    /// Fixes per `INSERT` statement: one round trip to PostgreSQL stores this many (10 values
    /// each, well under both engines' limits on a statement's parameters).
    static let fixesPerStatement = 500

    /// Stores fixes, each with its `seq` and segment.
    static func insert(_ fixes: [(fix: RunFixBody, seq: Int, segment: Int)], account: String, run: String,
                       db: any StoreTransaction) throws {
        var start = 0
        while start < fixes.count {
            let chunk = fixes[start..<min(start + fixesPerStatement, fixes.count)]
            var arguments: [any StoreBindable] = []
            arguments.reserveCapacity(chunk.count * 10)
            for (fix, seq, segment) in chunk {
                arguments += [account, run, seq, segment, fix.time?.timeIntervalSince1970, fix.lat, fix.lon,
                              fix.ele, fix.accuracyM, fix.speedMS] as [any StoreBindable]
            }
            let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
            try db.execute(sql: """
                INSERT INTO run_fix (account_id, run_id, seq, segment, time, lat, lon, ele, accuracy_m, speed_m_s) VALUES \(rows)
                """, arguments: arguments)
            start += chunk.count
        }
    }

    /// A stored JSON document as the response body.
    static func json(_ status: HTTPResponse.Status, _ document: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: document)))
    }

    /// The `{id}` of the path, lowercase.
    static func runKey(_ context: TempoRequestContext) throws -> String {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw APIError.badRequest("the run id is not a UUID")
        }
        return id.uuidString.lowercased()
    }
}
