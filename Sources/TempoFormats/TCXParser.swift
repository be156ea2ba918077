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
    /// The current `<Activity>`'s sport, and whether its first lap (where its session starts) is still to come.
    private var activitySport: String?
    private var awaitingFirstLap = false

    private static let pointText: Set<String> = [
        "Time", "LatitudeDegrees", "LongitudeDegrees", "AltitudeMeters", "Value", "Cadence", "Speed", "RunCadence",
    ]
    private static let lapText: Set<String> = ["TotalTimeSeconds", "DistanceMeters"]

    override func start(_ name: String, attributes: XMLAttributes) {
        path.append(name)
        switch name {
        case "Activity":
            let sport = attributes["Sport"].flatMap { $0.isEmpty ? nil : $0 }
            if let sport { visit(.sport(sport)) }
            activitySport = sport
            awaitingFirstLap = true
            visit(.endSegment)
        case "Lap":
            let startTime = startTime(attributes, in: name)
            lap = ActivityLap(startTime: startTime)
            tracksInLap = 0
            // A multisport file's parts: each <Activity> from its first lap on.
            if awaitingFirstLap {
                awaitingFirstLap = false
                visit(.session(ActivitySession(startTime: startTime, sport: activitySport)))
            }
        case "Transition":
            visit(.session(ActivitySession(startTime: startTime(attributes, in: name), sport: "transition")))
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

    /// The `StartTime` attribute of a `<Lap>` or `<Transition>`, if present; a malformed one fails the file.
    private func startTime(_ attributes: XMLAttributes, in name: String) -> Date? {
        guard let text = attributes["StartTime"] else { return nil }
        let time = ISO8601Time.parse(text)
        if time == nil { fail("\(Self.quoted(text)) is not an ISO 8601 time in <\(name) StartTime>") }
        return time
    }

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
