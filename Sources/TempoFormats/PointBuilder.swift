import Foundation
import TempoKit

/// Fields of one point while its element is open (plain values only, so copying one is a memcpy;
/// a waypoint's name is kept by the parser).
struct PointBuilder {
    var latitude: Double
    var longitude: Double
    var time: Date?
    var altitude: Double?
    var speed: Double?
    var course: Double?
    var heartRate: Double?
    var cadence: Double?
    var power: Double?
    var temperature: Double?

    var fix: LocationFix {
        LocationFix(
            time: time, coordinate: Coordinate(latitude: latitude, longitude: longitude), altitudeMeters: altitude,
            speedMetersPerSecond: speed, courseDegrees: course, heartRateBPM: heartRate, cadencePerMinute: cadence,
            powerWatts: power, temperatureCelsius: temperature
        )
    }
}
