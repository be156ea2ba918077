import Foundation
import HTTPTypes
import Hummingbird
import TempoKit

/// Each account's places (spots and their landmarks, with validity windows) and the monitor
/// over them: `PUT/GET/DELETE /v1/places/{name}`, `GET /v1/places`, `POST /v1/places/fixes`.
///
/// A place is validated as `tempo places add` validates it (TempoKit's `Place` and
/// `PlaceRules`); a changed place starts `unknown` in the account's monitor, as the CLI's places
/// session does. A deleted place leaves a tombstone in the feed; putting it again creates it anew.
struct PlacesController {
    /// Where places, monitor states and badges are kept.
    let store: any ServerStorage
    /// Announces changed places and badges to the account's live streams.
    let hub: LiveHub
    /// Each account's monitor, kept between batches.
    let monitors: PlaceMonitors
    /// The server's wall clock (not read by the monitor's rules: fix times decide).
    let now: @Sendable () -> Date

    /// Adds the places routes.
    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("places", use: list)
        group.post("places/fixes", use: postFixes)
        group.put("places/:name", use: put)
        group.get("places/:name", use: get)
        group.delete("places/:name", use: delete)
    }

    /// The body of `PUT /v1/places/{name}`.
    struct PlaceBody: StrictDecodable {
        static let allowedKeys: Set<String> = ["lat", "lon", "radius_m", "spot", "badge", "active_from", "active_until"]
        /// The centre's latitude, degrees.
        let lat: Double
        /// The centre's longitude, degrees.
        let lon: Double
        /// The radius, metres (1 m … 1,000 km).
        let radiusM: Double
        /// Makes it a landmark of this spot.
        let spot: String?
        /// The badge entering it awards.
        let badge: String?
        /// The first instant it counts.
        let activeFrom: Date?
        /// The first instant it no longer counts.
        let activeUntil: Date?

        enum CodingKeys: String, CodingKey {
            case lat, lon, spot, badge
            case radiusM = "radius_m", activeFrom = "active_from", activeUntil = "active_until"
        }

        /// The place, or a 400 naming what is wrong.
        func place(named name: String) throws -> Place {
            if let activeFrom, let activeUntil, activeUntil <= activeFrom {
                throw APIError(.badRequest, "invalid_field",
                               "field \"active_until\" (\(ISO8601Time.format(activeUntil))) must be after \"active_from\" (\(ISO8601Time.format(activeFrom)))")
            }
            do {
                return try Place(name: name, center: Coordinate(latitude: lat, longitude: lon), radiusMeters: radiusM, spot: spot,
                                 badge: badge, window: ActiveWindow(from: activeFrom, until: activeUntil))
            } catch {
                let field = switch error {
                case .invalidCenter: "lat\", \"lon"
                case .invalidRadius: "radius_m"
                case .invalidWindow: "active_until"
                default: "name"
                }
                throw APIError(.badRequest, "invalid_field", "field \"\(field)\": \(error.description)")
            }
        }
    }

    /// `PUT /v1/places/{name}`: 201 created, 200 unchanged or updated.
    @Sendable func put(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let name = try Self.name(context)
        let place = try await JSONBody.decode(PlaceBody.self, from: request, context: context).place(named: name)
        let document = PlaceDocument(place)
        let text = try JSONBody.text(document)
        let status = try await store.write { db -> HTTPResponse.Status in
            var places = try Self.places(of: caller.accountID, db: db)
            let old = places[name]
            if let old, old == place { return .ok }
            if !place.isSpot, let landmarks = Self.landmarks(of: name, in: places), !landmarks.isEmpty {
                throw APIError(.conflict, "has_landmarks",
                               "'\(name)' has landmarks (\(landmarks.joined(separator: ", "))) and cannot become a landmark")
            }
            places[name] = place
            let problems = PlaceRules.problems(in: Array(places.values))
            guard problems.isEmpty else { throw APIError(.conflict, "invalid_place", problems.joined(separator: "; ")) }
            try db.execute(sql: """
                INSERT INTO place (account_id, name, document) VALUES (?, ?, ?)
                ON CONFLICT (account_id, name) DO UPDATE SET document = excluded.document
                """,
                           arguments: [caller.accountID, name, text])
            try PlaceMonitors.placesChanged(db, account: caller.accountID, name: name)
            try ChangeFeed.append(db, account: caller.accountID, kind: .place, id: name, op: "put", record: text)
            return old == nil ? .created : .ok
        }
        await hub.publish(account: caller.accountID)
        return try JSONBody.response(status, document)
    }

    /// `GET /v1/places/{name}`.
    @Sendable func get(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let name = try Self.name(context)
        let text = try await store.read { db in
            try String.fetchOne(db, sql: "SELECT document FROM place WHERE account_id = ? AND name = ?", arguments: [caller.accountID, name])
        }
        guard let text else { throw APIError.notFound("place") }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: .init(string: text)))
    }

    /// `GET /v1/places`: every place, each spot followed by its landmarks, by name.
    @Sendable func list(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let places = try await store.read { db in try Self.places(of: caller.accountID, db: db) }
        let ordered = places.values.sorted { a, b in
            ((a.spot ?? a.name), a.spot != nil ? 1 : 0, a.name) < ((b.spot ?? b.name), b.spot != nil ? 1 : 0, b.name)
        }
        return try JSONBody.response(.ok, ["places": ordered.map(PlaceDocument.init)])
    }

    /// `DELETE /v1/places/{name}`: a tombstone; a spot with landmarks is refused (409).
    @Sendable func delete(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let name = try Self.name(context)
        try await store.write { db in
            let places = try Self.places(of: caller.accountID, db: db)
            guard places[name] != nil else { throw APIError.notFound("place") }
            if let landmarks = Self.landmarks(of: name, in: places), !landmarks.isEmpty {
                throw APIError(.conflict, "has_landmarks",
                               "spot '\(name)' still has landmarks (\(landmarks.joined(separator: ", "))); delete them first")
            }
            try db.execute(sql: "UPDATE place SET document = NULL WHERE account_id = ? AND name = ?", arguments: [caller.accountID, name])
            try PlaceMonitors.placesChanged(db, account: caller.accountID, name: name)
            try ChangeFeed.append(db, account: caller.accountID, kind: .place, id: name, op: "delete", record: nil)
        }
        await hub.publish(account: caller.accountID)
        return Response(status: .noContent)
    }

    /// The account's places (tombstones left out), by name.
    static func places(of account: String, db: any StoreTransaction) throws -> [String: Place] {
        var places: [String: Place] = [:]
        for text in try String.fetchAll(db, sql: "SELECT document FROM place WHERE account_id = ? AND document IS NOT NULL",
                                        arguments: [account]) {
            let place = try JSONDecoder.api.decode(PlaceDocument.self, from: Data(text.utf8)).place()
            places[place.name] = place
        }
        return places
    }

    /// The names of the landmarks of `spot`, sorted; `nil` when it has none.
    private static func landmarks(of spot: String, in places: [String: Place]) -> [String]? {
        let names = places.values.filter { $0.spot == spot }.map(\.name).sorted()
        return names.isEmpty ? nil : names
    }

    /// The place name of the path, percent-decoded.
    private static func name(_ context: TempoRequestContext) throws -> String {
        guard let raw = context.parameters.get("name"), let name = raw.removingPercentEncoding,
              !name.trimmingCharacters(in: .whitespaces).isEmpty
        else { throw APIError.badRequest("the place name is missing or not valid percent-encoding") }
        return name
    }
}
