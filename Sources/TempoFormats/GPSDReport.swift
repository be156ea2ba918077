import Foundation
import TempoKit

/// Decodes gpsd JSON reports (one object per line) into fixes.
///
/// Only `TPV` reports with `mode` ≥ 2 (2-D or 3-D fix) and both `lat` and `lon` give a fix;
/// every other class (VERSION, DEVICES, WATCH, SKY, …) and malformed lines give `nil`.
/// Altitude is `altMSL`, else `alt` (MSL in gpsd ≥ 3.20), else `altHAE`, matching the MSL
/// altitude of NMEA and GPX. gpsd states errors at 95 % confidence; Tempo's accuracies are one
/// sigma: horizontal = `eph` / 2, else √(epx² + epy²) / 1.96; vertical = `epv` / 1.96.
public enum GPSDReport {
    /// The fix in one line of gpsd output, if it is a usable TPV report.
    public static func fix(fromJSONLine line: some StringProtocol) -> LocationFix? {
        guard line.contains("\"TPV\""),
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
            let report = object as? [String: Any],
            report["class"] as? String == "TPV",
            let mode = number(report["mode"]), mode >= 2,
            let latitude = number(report["lat"]), let longitude = number(report["lon"])
        else { return nil }
        var horizontal = number(report["eph"]).map { $0 / 2 }
        if horizontal == nil, let epx = number(report["epx"]), let epy = number(report["epy"]) {
            horizontal = (epx * epx + epy * epy).squareRoot() / 1.96
        }
        return LocationFix(
            time: (report["time"] as? String).flatMap { ISO8601Time.parse($0) },
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            altitudeMeters: number(report["altMSL"]) ?? number(report["alt"]) ?? number(report["altHAE"]),
            horizontalAccuracyMeters: horizontal,
            verticalAccuracyMeters: number(report["epv"]).map { $0 / 1.96 },
            speedMetersPerSecond: number(report["speed"]),
            courseDegrees: number(report["track"])
        )
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let double as Double: double
        case let int as Int: Double(int)
        default: nil
        }
    }
}
