import Foundation
import Testing
@testable import TempoKit

/// `MonitorCore` settles most fixes with bounds instead of the geodesic; a bound on the wrong side
/// of `Geodesic.distance` would judge a fix wrongly. Random pairs from centimetres to 2,000 km
/// apart, around the equator, mid-latitudes, a pole and the antimeridian.
@Suite struct PlaceDistanceBoundsTests {
    @Test(arguments: [(0.0, 0.0), (47.0, 3.0), (-33.9, 151.2), (89.6, -20.0), (-0.4, 179.95)])
    func boundsBracketTheGeodesic(latitude: Double, longitude: Double) {
        var random = SeededRandom(seed: UInt64(abs(latitude * 1000 + longitude)))
        for _ in 0..<2000 {
            let spread = pow(10, Double.random(in: -7...1.2, using: &random))
            var otherLongitude = longitude + Double.random(in: -spread...spread, using: &random)
            if otherLongitude > 180 { otherLongitude -= 360 }
            if otherLongitude < -180 { otherLongitude += 360 }
            let center = Coordinate(latitude: latitude, longitude: longitude)
            let fix = Coordinate(latitude: min(90, max(-90, latitude + Double.random(in: -spread...spread, using: &random))),
                                 longitude: otherLongitude)
            let distance = Geodesic.distance(center, fix)
            let cosLatitude = cos(fix.latitude * .pi / 180)
            let reach = distance * Double.random(in: 1...3, using: &random)
            #expect(MonitorCore.distanceAtLeast(center, fix, cosLatitude1: cosLatitude, ifAtMost: reach) <= distance,
                    "\(center) \(fix)")
            #expect(MonitorCore.distanceAtMost(center, fix, cosLatitude1: cosLatitude) >= distance, "\(center) \(fix)")
            #expect(MonitorCore.movedAtMost(center.latitude, center.longitude, fix.latitude, fix.longitude,
                                            cosLatitude1: cosLatitude) >= distance * (1 - 1e-12), "\(center) \(fix)")
        }
    }
}
