import Foundation
import TempoKit

/// Values from `Tests/Oracles/places_oracle.py` (GeographicLib 2.1, WGS84), committed as
/// `Tests/Oracles/places-oracle.json`: coordinates and distances no Tempo code computed.
struct PlaceOracle: Decodable {
    struct Distance: Decodable { var lat1, lon1, lat2, lon2, s12_m: Double }
    struct Fix: Decodable {
        var time, latitude, longitude, accuracy_m: Double
        var distance_m: Double?

        var locationFix: LocationFix {
            LocationFix(time: Date(timeIntervalSince1970: time),
                        coordinate: Coordinate(latitude: latitude, longitude: longitude),
                        horizontalAccuracyMeters: accuracy_m)
        }
    }
    struct Center: Decodable { var latitude, longitude: Double }
    struct EdgeWalk: Decodable { var center: Center; var radius_m: Double; var fixes: [Fix] }
    struct Landmark: Decodable {
        var name, badge: String
        var latitude, longitude, radius_m: Double
        var first_inside_fix: Int
    }
    struct Spot: Decodable { var name: String; var latitude, longitude, radius_m: Double }
    struct Trip: Decodable {
        var spot: Spot
        var landmarks: [Landmark]
        var fixes: [Fix]
        var spot_first_inside_fix: Int
    }

    var distances: [Distance]
    var edge_walk: EdgeWalk
    var trip: Trip

    static let shared: PlaceOracle = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        let file = url.appendingPathComponent("Oracles/places-oracle.json")
        do {
            return try JSONDecoder().decode(PlaceOracle.self, from: Data(contentsOf: file))
        } catch {
            fatalError("cannot read \(file.path): \(error)")
        }
    }()
}
