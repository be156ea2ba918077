import Foundation
import TempoKit

/// Fields of one point while its element is open.
struct PointBuilder {
    var latitude: Double
    var longitude: Double
    var time: Date?
    var altitude: Double?
    var speed: Double?
    var course: Double?
    var heartRate: Double?
    var cadence: Double?
    var name: String?

    var fix: LocationFix {
        LocationFix(
            time: time, coordinate: Coordinate(latitude: latitude, longitude: longitude), altitudeMeters: altitude,
            speedMetersPerSecond: speed, courseDegrees: course, heartRateBPM: heartRate, cadencePerMinute: cadence
        )
    }
}
