import Foundation

/// The rules a set of places must keep, shared by the CLI's store and the server: every
/// landmark names a spot that exists and is not itself a landmark, and lies inside it (its
/// centre within the spot's circle, on the WGS84 ellipsoid).
public enum PlaceRules {
    /// Every broken rule in `places`, one line each, by landmark name; empty when the set is sound.
    public static func problems(in places: [Place]) -> [String] {
        let byName = Dictionary(places.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        for landmark in places.sorted(by: { $0.name < $1.name }) {
            guard let spotName = landmark.spot else { continue }
            guard let spot = byName[spotName], spot.isSpot else {
                problems.append("'\(landmark.name)': spot '\(spotName)' does not exist")
                continue
            }
            let distance = Geodesic.distance(spot.center, landmark.center)
            if distance > spot.radiusMeters {
                problems.append(String(format: "'%@' lies outside its spot '%@' (%.0f m from its centre, radius %.0f m)",
                                       landmark.name, spotName, distance, spot.radiusMeters))
            }
        }
        return problems
    }
}
