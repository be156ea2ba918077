import Foundation
import TempoStore

/// Place definitions: each pushed with `PUT /v1/places/{name}` (idempotent: the same definition
/// again changes nothing), each deletion with `DELETE`.
extension SyncEngine {
    /// The body of `PUT /v1/places/{name}`.
    struct PlaceBody: Encodable {
        let lat: Double
        let lon: Double
        let radiusM: Double
        let spot: String?
        let badge: String?
        let activeFrom: Date?
        let activeUntil: Date?

        enum CodingKeys: String, CodingKey {
            case lat, lon, spot, badge
            case radiusM = "radius_m", activeFrom = "active_from", activeUntil = "active_until"
        }
    }

    /// The path of a place.
    private func placePath(_ name: String) -> String {
        "/v1/places/" + (name.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? name)
    }

    /// Pushes one place; false when the server refused it (reported, kept here).
    func push(_ place: SyncedPlace, into report: inout SyncReport) async throws -> Bool {
        let body = PlaceBody(lat: place.lat, lon: place.lon, radiusM: place.radiusM, spot: place.spot, badge: place.badge,
                             activeFrom: place.activeFrom, activeUntil: place.activeUntil)
        let answer = try await client.send("PUT", placePath(place.name), json: body)
        guard answer.status == 200 || answer.status == 201 else {
            try refuse(answer, record: "place \(place.name)", into: &report)
            return false
        }
        try database.acknowledgePush(.place(try SyncJSON.decode(SyncedPlace.self, from: answer.body)))
        return true
    }

    /// Pushes the deletion of a place; false when the server refused it (a spot another device
    /// gave landmarks: reported, offered again).
    func pushDeletion(ofPlace name: String, into report: inout SyncReport) async throws -> Bool {
        let answer = try await client.send("DELETE", placePath(name))
        guard answer.status == 204 || answer.status == 404 else {
            try refuse(answer, record: "place \(name)", into: &report)
            return false
        }
        try database.acknowledgePush(.placeDeleted(name: name))
        return true
    }
}
