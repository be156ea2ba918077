import Foundation
import GRDB
import TempoKit

/// A row of `run_fix`: one fix a run received, with its place and segment.
struct RunFixRow: StoredRecord {
    static let databaseTableName = "run_fix"

    var runID: UUID
    var seq: Int
    var segment: Int
    var time: Date?
    var latitude: Double
    var longitude: Double
    var altitudeMeters: Double?
    var horizontalAccuracyMeters: Double?
    var verticalAccuracyMeters: Double?
    var speedMetersPerSecond: Double?
    var courseDegrees: Double?
    var heartRateBPM: Double?
    var cadencePerMinute: Double?
    var powerWatts: Double?
    var temperatureCelsius: Double?
    var deviceDistanceMeters: Double?

    enum CodingKeys: String, CodingKey {
        case seq, segment, time, latitude, longitude
        case runID = "run_id"
        case altitudeMeters = "altitude_m"
        case horizontalAccuracyMeters = "horizontal_accuracy_m"
        case verticalAccuracyMeters = "vertical_accuracy_m"
        case speedMetersPerSecond = "speed_m_per_s"
        case courseDegrees = "course_deg"
        case heartRateBPM = "heart_rate_bpm"
        case cadencePerMinute = "cadence_per_min"
        case powerWatts = "power_w"
        case temperatureCelsius = "temperature_c"
        case deviceDistanceMeters = "device_distance_m"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
    }

    /// The fix it stores.
    var fix: LocationFix {
        LocationFix(
            time: time, coordinate: Coordinate(latitude: latitude, longitude: longitude), altitudeMeters: altitudeMeters,
            horizontalAccuracyMeters: horizontalAccuracyMeters, verticalAccuracyMeters: verticalAccuracyMeters,
            speedMetersPerSecond: speedMetersPerSecond, courseDegrees: courseDegrees, heartRateBPM: heartRateBPM,
            cadencePerMinute: cadencePerMinute, powerWatts: powerWatts, temperatureCelsius: temperatureCelsius,
            deviceDistanceMeters: deviceDistanceMeters)
    }
}

extension RunFixRow {
    /// The row of `fix`, the run's `seq`-th, in segment `segment`.
    init(runID: UUID, seq: Int, segment: Int, fix: LocationFix) {
        self.init(
            runID: runID, seq: seq, segment: segment, time: fix.time, latitude: fix.latitude, longitude: fix.longitude,
            altitudeMeters: fix.altitudeMeters, horizontalAccuracyMeters: fix.horizontalAccuracyMeters,
            verticalAccuracyMeters: fix.verticalAccuracyMeters, speedMetersPerSecond: fix.speedMetersPerSecond,
            courseDegrees: fix.courseDegrees, heartRateBPM: fix.heartRateBPM, cadencePerMinute: fix.cadencePerMinute,
            powerWatts: fix.powerWatts, temperatureCelsius: fix.temperatureCelsius,
            deviceDistanceMeters: fix.deviceDistanceMeters)
    }
}
