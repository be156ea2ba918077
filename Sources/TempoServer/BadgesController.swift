import Foundation
import HTTPTypes
import Hummingbird
import TempoKit

/// Each account's badges, earned once ever: `GET /v1/badges`, and `PUT /v1/badges/{badge}` for
/// a badge a device earned offline (`tempo sync` pushes local badges with it).
///
/// A put is a union: a badge the account does not have is stored (201); one it has keeps the
/// earliest `earned_at` (200 with the stored badge, replaced when the put's is earlier).
struct BadgesController {
    /// Where badges are kept.
    let store: any ServerStorage
    /// Announces changed badges to the account's live streams.
    let hub: LiveHub

    /// Adds `GET /v1/badges` and `PUT /v1/badges/{badge}`.
    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("badges", use: list)
        group.put("badges/:badge", use: put)
    }

    /// The body of `PUT /v1/badges/{badge}`.
    struct BadgeBody: StrictDecodable {
        static let allowedKeys: Set<String> = ["place", "spot", "earned_at", "lat", "lon"]
        /// The place whose entry earned it.
        let place: String
        /// The place's spot, for a landmark.
        let spot: String?
        /// When it was earned (an instant with an offset).
        let earnedAt: Date
        /// Latitude of the entering fix, degrees.
        let lat: Double
        /// Longitude of the entering fix, degrees.
        let lon: Double

        enum CodingKeys: String, CodingKey {
            case place, spot, lat, lon
            case earnedAt = "earned_at"
        }
    }

    /// `GET /v1/badges`.
    @Sendable func list(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let badges = try await store.read { db in try Self.badges(of: caller.accountID, db: db) }
        return try JSONBody.response(.ok, ["badges": badges])
    }

    /// `PUT /v1/badges/{badge}`: the union, earliest `earned_at` kept.
    @Sendable func put(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        guard let raw = context.parameters.get("badge"), let name = raw.removingPercentEncoding,
              !name.trimmingCharacters(in: .whitespaces).isEmpty
        else { throw APIError.badRequest("the badge name is missing or not valid percent-encoding") }
        let body = try await JSONBody.decode(BadgeBody.self, from: request, context: context)
        guard !body.place.isEmpty else { throw APIError(.badRequest, "invalid_field", "field \"place\" must not be empty") }
        guard body.lat.isFinite, (-90...90).contains(body.lat) else {
            throw APIError(.badRequest, "invalid_field", "field \"lat\" must be −90…90 degrees")
        }
        guard body.lon.isFinite, (-180...180).contains(body.lon) else {
            throw APIError(.badRequest, "invalid_field", "field \"lon\" must be −180…180 degrees")
        }
        do { try ValidRange.check(instant: body.earnedAt, "earned_at") } catch {
            throw APIError(.badRequest, "invalid_field", "field \"earned_at\": \(error)")
        }
        let offered = BadgeDocument(badge: name, place: body.place, spot: body.spot.flatMap { $0.isEmpty ? nil : $0 },
                                    earnedAt: body.earnedAt, lat: body.lat, lon: body.lon)
        let account = caller.accountID
        let (status, stored, changed) = try await store.write { db -> (HTTPResponse.Status, BadgeDocument, Bool) in
            if try AccountMonitor.insertBadge(offered, db: db, account: account) { return (.created, offered, true) }
            let text = try String.fetchOne(db, sql: "SELECT document FROM badge WHERE account_id = ? AND badge = ?", arguments: [account, name])
            let held = try JSONDecoder.api.decode(BadgeDocument.self, from: Data((text ?? "").utf8))
            guard offered.earnedAt < held.earnedAt else { return (.ok, held, false) }
            let replacement = try JSONBody.text(offered)
            try db.execute(sql: "UPDATE badge SET document = ? WHERE account_id = ? AND badge = ?", arguments: [replacement, account, name])
            try ChangeFeed.append(db, account: account, kind: .badge, id: name, op: "put", record: replacement)
            return (.ok, offered, true)
        }
        if changed { await hub.publish(account: account) }
        return try JSONBody.response(status, stored)
    }

    /// The account's badges, earliest first.
    static func badges(of account: String, db: any StoreTransaction) throws -> [BadgeDocument] {
        try String.fetchAll(db, sql: "SELECT document FROM badge WHERE account_id = ?", arguments: [account])
            .map { try JSONDecoder.api.decode(BadgeDocument.self, from: Data($0.utf8)) }
            .sorted { ($0.earnedAt, $0.badge) < ($1.earnedAt, $1.badge) }
    }
}
