import Foundation

/// Reads places from GeoJSON, the format map tools speak.
///
/// The file is a `FeatureCollection` of `Point` features (`coordinates` are `[longitude,
/// latitude]`, as GeoJSON orders them) whose `properties` give `name` and `radius_m` (metres), and
/// for a landmark `spot` (the name of a spot in the file or already known) and optionally `badge`.
/// A spot may also carry a `badge`. Any place may carry `active_from` / `active_until`, ISO 8601
/// instants with an offset (its validity window). Either every feature is valid, or nothing is returned and
/// every problem is reported with its feature's index.
public enum GeoJSONPlaces {
    /// Parses `data`.
    ///
    /// - Parameters:
    ///   - data: a GeoJSON `FeatureCollection`, UTF-8.
    ///   - knownSpots: spots that already exist (so a landmark may name one not in this file).
    /// - Throws: `PlaceImportError` listing every problem.
    public static func parse(_ data: Data, knownSpots: Set<String> = []) throws(PlaceImportError) -> [Place] {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw PlaceImportError(issues: [.init(featureIndex: nil, reason: "not valid JSON")])
        }
        guard root["type"]?.string == "FeatureCollection", let features = root["features"]?.array else {
            throw PlaceImportError(issues: [.init(featureIndex: nil, reason: "not a GeoJSON FeatureCollection with a features array")])
        }
        var issues: [PlaceImportError.Issue] = []
        var places: [(index: Int, place: Place)] = []
        var seen: [String: Int] = [:]
        for (index, feature) in features.enumerated() {
            func fail(_ reason: String) { issues.append(.init(featureIndex: index, reason: reason)) }
            guard feature["type"]?.string == "Feature" else { fail("not a Feature object"); continue }
            guard let geometry = feature["geometry"], geometry["type"]?.string == "Point" else {
                fail("geometry is not a Point"); continue
            }
            guard let coordinates = geometry["coordinates"]?.array, coordinates.count >= 2,
                  let longitude = coordinates[0].number, let latitude = coordinates[1].number
            else { fail("coordinates must be [longitude, latitude] numbers"); continue }
            let properties = feature["properties"] ?? .object([:])
            guard let name = properties["name"]?.string, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                fail("no name property"); continue
            }
            guard let radiusValue = properties["radius_m"], radiusValue != .null else {
                fail("'\(name)' has no radius_m property"); continue
            }
            guard let radius = radiusValue.number else { fail("'\(name)': radius_m is not a number"); continue }
            let spot = properties["spot"]?.string, badge = properties["badge"]?.string
            if let value = properties["spot"], value != .null, spot == nil { fail("'\(name)': spot is not a string"); continue }
            if let value = properties["badge"], value != .null, badge == nil { fail("'\(name)': badge is not a string"); continue }
            var bounds: [String: Date] = [:]
            var badBound = false
            for key in ["active_from", "active_until"] {
                guard let value = properties[key], value != .null else { continue }
                guard let text = value.string, let reading = ISO8601Time.reading(text), reading.offsetSeconds != nil else {
                    fail("'\(name)': \(key) is not an ISO 8601 instant with an offset"); badBound = true; break
                }
                bounds[key] = reading.instantAssumingUTC
            }
            if badBound { continue }
            let place: Place
            do {
                place = try Place(name: name, center: Coordinate(latitude: latitude, longitude: longitude),
                                  radiusMeters: radius, spot: spot, badge: badge,
                                  window: ActiveWindow(from: bounds["active_from"], until: bounds["active_until"]))
            } catch {
                fail("'\(name)': \(error.description)"); continue
            }
            if let first = seen[name] { fail("'\(name)' is also the name of feature \(first)"); continue }
            seen[name] = index
            places.append((index, place))
        }
        let spots = knownSpots.union(places.filter(\.place.isSpot).map(\.place.name))
        for (index, place) in places {
            if let spot = place.spot, !spots.contains(spot) {
                issues.append(.init(featureIndex: index, reason: "'\(place.name)': spot '\(spot)' is not defined"))
            }
        }
        guard issues.isEmpty else { throw PlaceImportError(issues: issues.sorted { ($0.featureIndex ?? -1) < ($1.featureIndex ?? -1) }) }
        return places.map(\.place)
    }

    /// `places` as a GeoJSON FeatureCollection that `parse` reads back to the same places
    /// (properties `name`, `radius_m`, and `spot`, `badge`, `active_from`, `active_until` when set).
    ///
    /// - Throws: the encoder's error for a value JSON cannot hold (a non-finite number).
    public static func document(_ places: [Place]) throws -> Data {
        let features: [JSONValue] = places.map { place in
            var properties: [String: JSONValue] = ["name": .string(place.name), "radius_m": .number(place.radiusMeters)]
            if let spot = place.spot { properties["spot"] = .string(spot) }
            if let badge = place.badge { properties["badge"] = .string(badge) }
            if let from = place.window.from { properties["active_from"] = .string(TempoJSON.instantText(from)) }
            if let until = place.window.until { properties["active_until"] = .string(TempoJSON.instantText(until)) }
            return .object([
                "type": .string("Feature"),
                "geometry": .object(["type": .string("Point"),
                                     "coordinates": .array([.number(place.center.longitude), .number(place.center.latitude)])]),
                "properties": .object(properties),
            ])
        }
        let collection = JSONValue.object(["type": .string("FeatureCollection"), "features": .array(features)])
        return try TempoJSON.encoder(pretty: true).encode(collection)
    }
}
