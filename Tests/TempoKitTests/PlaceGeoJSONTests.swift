import Foundation
import Testing
import TempoKit

/// GeoJSON import: every feature valid, or nothing, with every problem named by feature index.
@Suite struct PlaceGeoJSONTests {
    func feature(_ name: String?, _ lon: Any, _ lat: Any, radius: Any? = 1000, spot: String? = nil, badge: String? = nil) -> String {
        var properties: [String] = []
        if let name { properties.append("\"name\": \"\(name)\"") }
        if let radius { properties.append("\"radius_m\": \(radius)") }
        if let spot { properties.append("\"spot\": \"\(spot)\"") }
        if let badge { properties.append("\"badge\": \"\(badge)\"") }
        return """
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [\(lon), \(lat)]},
             "properties": {\(properties.joined(separator: ", "))}}
            """
    }

    func collection(_ features: [String]) -> Data {
        Data("{\"type\": \"FeatureCollection\", \"features\": [\(features.joined(separator: ",\n"))]}".utf8)
    }

    @Test func spotsAndLandmarksAreRead() throws {
        let places = try GeoJSONPlaces.parse(collection([
            feature("Seoul", 126.978, 37.5665, radius: 3000),
            feature("Gyeongbokgung", 126.977, 37.5796, spot: "Seoul", badge: "palace"),
        ]))
        #expect(places.count == 2)
        #expect(places[0].isSpot && places[0].radiusMeters == 3000)
        #expect(places[1].spot == "Seoul" && places[1].badge == "palace")
        #expect(places[1].center == Coordinate(latitude: 37.5796, longitude: 126.977), "GeoJSON order is [lon, lat]")
    }

    @Test func everyBadFeatureIsReportedByIndexAndNothingIsReturned() {
        let data = collection([
            feature("Seoul", 126.978, 37.5665, radius: 3000),
            feature("Namsan", 126.988, 37.5512, spot: "Seoul"),
            feature("Bukchon", 126.985, 37.5826, spot: "Seoul"),
            feature("No radius", 126.99, 37.57, radius: nil, spot: "Seoul"),
            feature("Bad coordinate", 200, 37.57, spot: "Seoul"),
            feature("Orphan", 126.99, 37.57, spot: "Busan"),
            feature("Boolean radius", 126.99, 37.57, radius: true),
            feature(nil, 126.99, 37.57),
            feature("Tiny", 126.99, 37.57, radius: 0.5),
            feature("Namsan", 126.99, 37.57),
        ])
        #expect {
            _ = try GeoJSONPlaces.parse(data)
        } throws: { error in
            guard let error = error as? PlaceImportError else { return false }
            #expect(error.issues.map(\.featureIndex) == [3, 4, 5, 6, 7, 8, 9])
            #expect(error.issues[0].description == "feature 3: 'No radius' has no radius_m property")
            #expect(error.issues[1].description.hasPrefix("feature 4: 'Bad coordinate': 37.57,200.0 is not a valid coordinate"))
            #expect(error.description.hasSuffix("nothing was imported"))
            return true
        }
    }

    @Test func landmarkMayNameASpotThatAlreadyExists() throws {
        let places = try GeoJSONPlaces.parse(collection([feature("Namsan", 126.988, 37.5512, spot: "Seoul")]), knownSpots: ["Seoul"])
        #expect(places.map(\.name) == ["Namsan"])
    }

    @Test(arguments: ["[]", "{\"type\": \"Feature\"}", "not json", "{\"type\": \"FeatureCollection\"}"])
    func notAFeatureCollectionIsRefused(text: String) {
        #expect(throws: PlaceImportError.self) { try GeoJSONPlaces.parse(Data(text.utf8)) }
    }
}
