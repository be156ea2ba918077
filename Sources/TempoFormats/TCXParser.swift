import Foundation
import TempoKit

/// TCX's element rules, as the `XMLHandler` behind `TCXReader`.
struct TCXParser: XMLHandler {
    /// The elements TCX's rules name; everything else is `other`.
    private enum Element {
        case activity, lap, transition, track, trackpoint, time, latitude, longitude, altitude, heartRate, value
        case cadence, runCadence, speed, watts, totalTime, distance, other

        init(_ name: XMLScanner.Name) {
            switch name {
            case "Activity": self = .activity
            case "Lap": self = .lap
            case "Transition": self = .transition
            case "Track": self = .track
            case "Trackpoint": self = .trackpoint
            case "Time": self = .time
            case "LatitudeDegrees": self = .latitude
            case "LongitudeDegrees": self = .longitude
            case "AltitudeMeters": self = .altitude
            case "HeartRateBpm": self = .heartRate
            case "Value": self = .value
            case "Cadence": self = .cadence
            case "RunCadence": self = .runCadence
            case "Speed": self = .speed
            case "Watts": self = .watts
            case "TotalTimeSeconds": self = .totalTime
            case "DistanceMeters": self = .distance
            default: self = .other
            }
        }

        /// Whether a trackpoint reads this element's text.
        var isPointText: Bool {
            switch self {
            case .time, .latitude, .longitude, .altitude, .distance, .value, .cadence, .speed, .runCadence, .watts: true
            default: false
            }
        }
    }

    private let visit: (ActivityElement) -> Void
    private(set) var collectsText = false
    private var path: [Element] = []
    private var point: LocationFix?
    private var hasLatitude = false
    private var hasLongitude = false
    private var lap: ActivityLap?
    private var tracksInLap = 0
    /// The current `<Activity>`'s sport, and whether its first lap (where its session starts) is still to come.
    private var activitySport: String?
    private var awaitingFirstLap = false

    init(visit: @escaping (ActivityElement) -> Void) {
        self.visit = visit
    }

    private var parent: Element? { path.count >= 2 ? path[path.count - 2] : nil }

    mutating func start(_ name: XMLScanner.Name, attributes: XMLScanner.Attributes) throws(XMLContentError) {
        let element = Element(name)
        path.append(element)
        switch element {
        case .activity:
            let sport = attributes["Sport"].map(\.string).flatMap { $0.isEmpty ? nil : $0 }
            if let sport { visit(.sport(sport)) }
            activitySport = sport
            awaitingFirstLap = true
            visit(.endSegment)
        case .lap:
            let startTime = try Self.startTime(attributes, in: "Lap")
            lap = ActivityLap(startTime: startTime)
            tracksInLap = 0
            // A multisport file's parts: each <Activity> from its first lap on.
            if awaitingFirstLap {
                awaitingFirstLap = false
                visit(.session(ActivitySession(startTime: startTime, sport: activitySport)))
            }
        case .transition:
            visit(.session(ActivitySession(startTime: try Self.startTime(attributes, in: "Transition"), sport: "transition")))
        case .track:
            tracksInLap += 1
            if tracksInLap > 1 { visit(.endSegment) }
        case .trackpoint:
            point = LocationFix(time: nil, coordinate: Coordinate(latitude: .nan, longitude: .nan))
            hasLatitude = false
            hasLongitude = false
        default:
            break
        }
        collectsText = point != nil
            ? element.isPointText : (parent == .lap && (element == .totalTime || element == .distance))
    }

    /// The `StartTime` attribute of a `<Lap>` or `<Transition>`, if present; a malformed one fails the file.
    private static func startTime(_ attributes: XMLScanner.Attributes, in element: String) throws(XMLContentError) -> Date? {
        guard let text = attributes["StartTime"] else { return nil }
        guard let time = text.instant else { throw .notATime(text.string, in: "\(element) StartTime") }
        return time
    }

    mutating func end(_ name: XMLScanner.Name, text: XMLScanner.Text) throws(XMLContentError) {
        let element = path.last ?? .other
        defer {
            path.removeLast()
            collectsText = false
        }
        if var current = point {
            switch element {
            case .trackpoint:
                point = nil
                if hasLatitude && hasLongitude { visit(.fix(current)) }
                return
            case .time where parent == .trackpoint: current.time = try Self.time(text)
            case .latitude:
                current.coordinate.latitude = try Self.number(text, in: "LatitudeDegrees")
                hasLatitude = true
            case .longitude:
                current.coordinate.longitude = try Self.number(text, in: "LongitudeDegrees")
                hasLongitude = true
            case .altitude: current.altitudeMeters = try Self.number(text, in: "AltitudeMeters")
            case .distance where parent == .trackpoint:
                current.deviceDistanceMeters = try Self.number(text, in: "DistanceMeters")
            case .value where parent == .heartRate: current.heartRateBPM = try Self.number(text, in: "HeartRateBpm")
            case .cadence where parent == .trackpoint: current.cadencePerMinute = try Self.number(text, in: "Cadence")
            case .runCadence: current.cadencePerMinute = try Self.number(text, in: "RunCadence")
            case .speed: current.speedMetersPerSecond = try Self.number(text, in: "Speed")
            case .watts: current.powerWatts = try Self.number(text, in: "Watts")
            default: break
            }
            point = current
            return
        }
        switch element {
        case .totalTime where parent == .lap: lap?.timerSeconds = try Self.number(text, in: "TotalTimeSeconds")
        case .distance where parent == .lap: lap?.distanceMeters = try Self.number(text, in: "DistanceMeters")
        case .lap:
            if let lap { visit(.lap(lap)) }
            lap = nil
        case .activity:
            visit(.endSegment)
        default:
            break
        }
    }

    private static func number(_ text: XMLScanner.Text, in element: String) throws(XMLContentError) -> Double {
        guard let value = text.number else { throw .notANumber(text.trimmed, in: element) }
        return value
    }

    private static func time(_ text: XMLScanner.Text) throws(XMLContentError) -> Date {
        guard let time = text.instant else { throw .notATime(text.trimmed, in: "Time") }
        return time
    }
}
