import Foundation
import TempoKit

/// Monitoring places like CLMonitor: conditions by identifier, events as an async sequence.
@main
struct WatchPlaces {
    static func main() async throws {
        // Reopening "trip" by name later in the process restores conditions and states.
        let monitor = try RegionMonitor(named: "trip")
        let palace = Coordinate(latitude: 37.5796, longitude: 126.9770)
        try await monitor.add(try CircularCondition(center: palace, radiusMeters: 1000), identifier: "Gyeongbokgung")

        // An app feeds its CoreLocation updates here: `LocationFix(location)` for each CLLocation.
        let start = Date()
        let walk = AsyncStream<LocationFix> { fixes in
            for (minute, metersNorth) in [3000.0, 1200, 400, 50, 2500].enumerated() {
                fixes.yield(LocationFix(
                    time: start.addingTimeInterval(Double(minute) * 60),
                    coordinate: Coordinate(latitude: palace.latitude + metersNorth / 110_993, longitude: palace.longitude),
                    horizontalAccuracyMeters: 10))
            }
            fixes.finish()
        }
        // Each event arrives once: here, for the fixes this sequence fed.
        for try await event in monitor.events(for: walk, now: Date.init) {
            print(event.identifier, event.state, event.date)  // Gyeongbokgung satisfied …, then unsatisfied
        }
    }
}
