import Foundation
import TempoKit

/// libFuzzer entry: the input is a GeoJSON file for `tempo places import`.
///
/// The places parsed are monitored as `places watch` does: each becomes a condition, and fixes
/// at every centre and edge, then far away, go through the monitor.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let places = try? GeoJSONPlaces.parse(FuzzInput(data, size).data, knownSpots: ["home"]) else { return 0 }
    _ = try? JSONEncoder().encode(places)
    var monitor = MonitorCore()
    for place in places { monitor.add(place.condition, identifier: place.name) }
    var now = Date(timeIntervalSince1970: 1_750_000_000)
    for place in places {
        for (latitude, longitude) in [
            (place.center.latitude, place.center.longitude), (-place.center.latitude, place.center.longitude + 180),
        ] {
            now += 60
            _ = monitor.process(LocationFix(time: now, coordinate: Coordinate(latitude: latitude, longitude: longitude)), now: now)
        }
    }
    return 0
}
