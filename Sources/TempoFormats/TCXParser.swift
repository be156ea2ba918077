import Foundation
import TempoKit

/// The element handler behind `TCXReader` (driven by `XMLScanner` or `XMLParser`).
final class TCXParser: XMLActivityParser {
    private var path: [String] = []
    private var point: PointBuilder?
    private var hasLatitude = false
    private var hasLongitude = false
    private var lap: ActivityLap?
    private var tracksInLap = 0

    private static let pointText: Set<String> = [
        "Time", "LatitudeDegrees", "LongitudeDegrees", "AltitudeMeters", "Value", "Cadence", "Speed", "RunCadence",
    ]
    private static let lapText: Set<String> = ["TotalTimeSeconds", "DistanceMeters"]

    override func start(_ name: String, attributes: XMLAttributes) {
        path.append(name)
        switch name {
        case "Activity":
            if let sport = attributes["Sport"], !sport.isEmpty { visit(.sport(sport)) }
            visit(.endSegment)
        case "Lap":
            var startTime: Date?
            if let text = attributes["StartTime"] {
                startTime = ISO8601Time.parse(text)
                if startTime == nil { fail("\(Self.quoted(text)) is not an ISO 8601 time in <Lap StartTime>") }
            }
            lap = ActivityLap(startTime: startTime)
            tracksInLap = 0
        case "Track":
            tracksInLap += 1
            if tracksInLap > 1 { visit(.endSegment) }
        case "Trackpoint":
            point = PointBuilder(latitude: .nan, longitude: .nan)
            hasLatitude = false
            hasLongitude = false
        default:
            break
        }
        collectingText = point != nil ? Self.pointText.contains(name) : (parent == "Lap" && Self.lapText.contains(name))
    }

    private var parent: String? { path.count >= 2 ? path[path.count - 2] : nil }

    override func end(_ name: String) {
        defer {
            path.removeLast()
            collectingText = false
        }
        if var current = point {
            switch name {
            case "Trackpoint":
                point = nil
                if hasLatitude && hasLongitude { visit(.fix(current.fix)) }
                return
            case "Time" where parent == "Trackpoint": current.time = time(in: name)
            case "LatitudeDegrees":
                current.latitude = number(in: name) ?? .nan
                hasLatitude = true
            case "LongitudeDegrees":
                current.longitude = number(in: name) ?? .nan
                hasLongitude = true
            case "AltitudeMeters": current.altitude = number(in: name)
            case "Value" where parent == "HeartRateBpm": current.heartRate = number(in: "HeartRateBpm")
            case "Cadence" where parent == "Trackpoint", "RunCadence": current.cadence = number(in: name)
            case "Speed": current.speed = number(in: name)
            default: break
            }
            point = current
            return
        }
        switch name {
        case "TotalTimeSeconds" where parent == "Lap": lap?.timerSeconds = number(in: name)
        case "DistanceMeters" where parent == "Lap": lap?.distanceMeters = number(in: name)
        case "Lap":
            if let lap { visit(.lap(lap)) }
            lap = nil
        case "Activity":
            visit(.endSegment)
        default:
            break
        }
    }
}
