import Foundation
import TempoKit

/// Writes activities as GPX 1.1: one `<trk>` with one `<trkseg>` per segment.
///
/// Coordinates, elevation, speed and course are written with the shortest decimal that reads
/// back as the same `Double`; times in UTC to the millisecond. Heart rate, cadence, speed and
/// course go in Garmin's TrackPointExtension v2 (`gpxtpx`), which `GPXReader` reads back.
/// Accuracies have no place in GPX 1.1 and are not written.
public enum GPXWriter {
    /// The GPX document for `activity`, UTF-8.
    public static func data(for activity: Activity, creator: String = "Tempo") -> Data {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(escape(creator))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">

            """
        if let name = activity.name { out += " <metadata><name>\(escape(name))</name></metadata>\n" }
        for waypoint in activity.waypoints {
            out += " <wpt lat=\"\(decimal(waypoint.fix.latitude))\" lon=\"\(decimal(waypoint.fix.longitude))\">"
            if let altitude = waypoint.fix.altitudeMeters { out += "<ele>\(decimal(altitude))</ele>" }
            if let time = waypoint.fix.time { out += "<time>\(ISO8601Time.format(time))</time>" }
            if let name = waypoint.name { out += "<name>\(escape(name))</name>" }
            out += "</wpt>\n"
        }
        out += " <trk>\n"
        if let name = activity.name { out += "  <name>\(escape(name))</name>\n" }
        if let sport = activity.sport { out += "  <type>\(escape(sport))</type>\n" }
        for segment in activity.segments {
            out += "  <trkseg>\n"
            for fix in segment { append(fix, to: &out) }
            out += "  </trkseg>\n"
        }
        out += " </trk>\n</gpx>\n"
        return Data(out.utf8)
    }

    /// Writes `activity` as GPX 1.1 to `url`, replacing the file atomically.
    public static func write(_ activity: Activity, to url: URL, creator: String = "Tempo") throws(FormatError) {
        do {
            try data(for: activity, creator: creator).write(to: url, options: .atomic)
        } catch {
            throw FormatError(file: url.path, reason: "cannot write: \(ActivityFile.describe(error))")
        }
    }

    private static func append(_ fix: LocationFix, to out: inout String) {
        out += "   <trkpt lat=\"\(decimal(fix.latitude))\" lon=\"\(decimal(fix.longitude))\">"
        if let altitude = fix.altitudeMeters { out += "<ele>\(decimal(altitude))</ele>" }
        if let time = fix.time { out += "<time>\(ISO8601Time.format(time))</time>" }
        // TrackPointExtension v2's order: atemp, wtemp, depth, hr, cad, speed, course.
        let extensions: [(String, Double?)] = [
            ("atemp", fix.temperatureCelsius), ("hr", fix.heartRateBPM), ("cad", fix.cadencePerMinute),
            ("speed", fix.speedMetersPerSecond), ("course", fix.courseDegrees),
        ]
        if extensions.contains(where: { $0.1 != nil }) || fix.powerWatts != nil {
            out += "<extensions>"
            if let power = fix.powerWatts { out += "<power>\(decimal(power))</power>" }
            if extensions.contains(where: { $0.1 != nil }) {
                out += "<gpxtpx:TrackPointExtension>"
                for case let (name, value?) in extensions { out += "<gpxtpx:\(name)>\(decimal(value))</gpxtpx:\(name)>" }
                out += "</gpxtpx:TrackPointExtension>"
            }
            out += "</extensions>"
        }
        out += "</trkpt>\n"
    }

    /// The shortest round-tripping decimal, never in exponent notation (XML Schema `decimal` has none).
    static func decimal(_ value: Double) -> String {
        let text = "\(value)"
        guard text.contains("e") else { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
        return String(format: "%.15f", value)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
