import Foundation
import TempoKit

/// Turns fixes into NMEA 0183 sentences (RMC + GGA, and GSA when the fix has an altitude),
/// e.g. to build gpsfake logs from recorded files.
///
/// Precision: time to the millisecond, angles to 10⁻⁶ minute (≈ 2 mm), speed to 0.001 knot,
/// course to 0.01°, altitude to 0.01 m. HDOP is written as `horizontalAccuracyMeters / 5`
/// (the inverse of `NMEAFixAssembler`), 1.0 when unknown. Fixes without a time get empty time
/// and date fields, and an angle that is not one (beyond ±90° or ±180°, or not finite, as a
/// file can hold) empty position fields.
public enum NMEAWriter {
    /// The sentences for one fix, each with its checksum and without a line ending.
    public static func sentences(for fix: LocationFix, talker: String = "GP") -> [String] {
        let (time, date) = timeAndDate(fix.time)
        let latitude = angle(fix.latitude, limit: 90, degreeDigits: 2, positive: "N", negative: "S")
        let longitude = angle(fix.longitude, limit: 180, degreeDigits: 3, positive: "E", negative: "W")
        let knots = fix.speedMetersPerSecond.map { String(format: "%.3f", $0 * 3600 / 1852) } ?? ""
        let course = fix.courseDegrees.map { String(format: "%.2f", $0) } ?? ""
        let hdop = String(format: "%.2f", (fix.horizontalAccuracyMeters ?? NMEAFixAssembler.userEquivalentRangeErrorMeters)
            / NMEAFixAssembler.userEquivalentRangeErrorMeters)
        let altitude = fix.altitudeMeters.map { String(format: "%.2f", $0) } ?? ""
        var out = [
            sentence("\(talker)RMC,\(time),A,\(latitude),\(longitude),\(knots),\(course),\(date),,,A"),
            sentence("\(talker)GGA,\(time),\(latitude),\(longitude),1,08,\(hdop),\(altitude),M,0.0,M,,"),
        ]
        if fix.altitudeMeters != nil {
            let vdop = fix.verticalAccuracyMeters.map {
                String(format: "%.2f", $0 / NMEAFixAssembler.userEquivalentRangeErrorMeters)
            } ?? ""
            out.append(sentence("\(talker)GSA,A,3,01,02,03,04,05,06,07,08,,,,,,\(hdop),\(vdop)"))
        }
        return out
    }

    /// A whole log: every fix of every segment in order, one sentence per line (`\r\n`, as NMEA specifies).
    public static func log(for activity: Activity, talker: String = "GP") -> String {
        var out = ""
        for fix in activity.allFixes {
            for line in sentences(for: fix, talker: talker) { out += line + "\r\n" }
        }
        return out
    }

    /// `$body*hh` with the XOR checksum of `body`.
    public static func sentence(_ body: String) -> String {
        "$" + body + "*" + NMEASentence.hex(body.utf8.reduce(UInt8(0), ^))
    }

    private static func timeAndDate(_ time: Date?) -> (String, String) {
        guard let time else { return ("", "") }
        let millis = Int64((time.timeIntervalSince1970 * 1000).rounded())
        let days = Int((millis - ((millis % 86_400_000) + 86_400_000) % 86_400_000) / 86_400_000)
        let ofDay = Int(millis - Int64(days) * 86_400_000)
        let date = LocalDate(daysSinceEpoch: days)
        let (year, month, day) = (date.year, date.month, date.day)
        let timeText = String(format: "%02d%02d%02d.%03d", ofDay / 3_600_000, ofDay / 60_000 % 60, ofDay / 1000 % 60, ofDay % 1000)
        return (timeText, String(format: "%02d%02d%02d", day, month, year % 100))
    }

    /// `dddmm.mmmmmm,H`, or the two fields empty when `degrees` is not an angle within ±`limit`.
    private static func angle(_ degrees: Double, limit: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        guard degrees.isFinite, abs(degrees) <= limit else { return "," }
        let microMinutes = Int64((abs(degrees) * 60_000_000).rounded())
        let whole = microMinutes / 60_000_000
        let minutes = microMinutes % 60_000_000
        let text = String(format: "%0\(degreeDigits)lld%02lld.%06lld", whole, minutes / 1_000_000, minutes % 1_000_000)
        return text + "," + (degrees < 0 ? negative : positive)
    }
}
