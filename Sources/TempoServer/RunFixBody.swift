import Foundation
import TempoKit

/// One fix as `POST /v1/runs/{id}/fixes` takes it and `GET` gives it back: `time` (an instant;
/// null only for a file's fixes without times), `lat`/`lon` (degrees), and optionally `ele`
/// (metres), `accuracy_m` (horizontal, metres) and `speed_m_s`.
struct RunFixBody: Encodable, Sendable {
    /// The fields a fix may have.
    static let allowedKeys: Set<String> = ["time", "lat", "lon", "ele", "accuracy_m", "speed_m_s"]

    let time: Date?
    let lat: Double
    let lon: Double
    let ele: Double?
    let accuracyM: Double?
    let speedMS: Double?

    private enum CodingKeys: String, CodingKey {
        case time, lat, lon, ele, accuracyM = "accuracy_m", speedMS = "speed_m_s"
    }

    /// A fix from its fields.
    init(time: Date?, lat: Double, lon: Double, ele: Double?, accuracyM: Double?, speedMS: Double?) {
        self.time = time
        self.lat = lat
        self.lon = lon
        self.ele = ele
        self.accuracyM = accuracyM
        self.speedMS = speedMS
    }

    /// The fix a file held.
    init(_ fix: LocationFix) {
        time = fix.time
        lat = fix.latitude
        lon = fix.longitude
        ele = fix.altitudeMeters
        accuracyM = fix.horizontalAccuracyMeters
        speedMS = fix.speedMetersPerSecond
    }

    /// A stored fix (a `run_fix` row).
    init(row: StoreRow) throws {
        time = (try row["time"] as Double?).map(Date.init(timeIntervalSince1970:))
        lat = try row["lat"]
        lon = try row["lon"]
        ele = try row["ele"]
        accuracyM = try row["accuracy_m"]
        speedMS = try row["speed_m_s"]
    }

    /// The fix as the recorder takes it.
    var fix: LocationFix {
        LocationFix(time: time, coordinate: Coordinate(latitude: lat, longitude: lon), altitudeMeters: ele,
                    horizontalAccuracyMeters: accuracyM, speedMetersPerSecond: speedMS)
    }

    /// Writes absent values as `null`, as every Tempo document does.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(lat, forKey: .lat)
        try container.encode(lon, forKey: .lon)
        try container.encode(ele, forKey: .ele)
        try container.encode(accuracyM, forKey: .accuracyM)
        try container.encode(speedMS, forKey: .speedMS)
    }
}
