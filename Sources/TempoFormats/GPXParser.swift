import Foundation
import TempoKit

/// The element handler behind `GPXReader` (driven by `XMLScanner` or `XMLParser`).
final class GPXParser: XMLActivityParser {
    private let includeRoutes: Bool
    private var point: PointBuilder?
    private var pointName: String?
    private var pointKind = ""
    private var inTrack = false
    private var inRoute = false
    private var inMetadata = false
    private var depth = 0
    private var pointDepth = 0

    private static let pointText: Set<String> = ["ele", "time", "speed", "course", "hr", "cad", "name"]
    private static let containerText: Set<String> = ["name", "type"]

    init(file: String, includeRoutes: Bool, visit: @escaping (ActivityElement) -> Void) {
        self.includeRoutes = includeRoutes
        super.init(file: file, visit: visit)
    }

    override func start(_ name: String, attributes: XMLAttributes) {
        depth += 1
        if point != nil {
            collectingText = depth == pointDepth + 1 || Self.pointText.contains(name)
            return
        }
        let opensPoint = (name == "trkpt" && inTrack) || (name == "wpt" && depth == 2)
            || (name == "rtept" && inRoute && includeRoutes)
        switch name {
        case _ where opensPoint:
            guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
                fail("<\(name)> without lat and lon")
                return
            }
            guard let lat = number(latText, in: "\(name) lat"), let lon = number(lonText, in: "\(name) lon") else { return }
            point = PointBuilder(latitude: lat, longitude: lon)
            pointName = nil
            pointKind = name
            pointDepth = depth
            collectingText = false
        case "trk":
            inTrack = true
            visit(.endSegment)
        case "trkseg":
            visit(.endSegment)
        case "rte":
            inRoute = true
            if includeRoutes { visit(.endSegment) }
        case "metadata":
            inMetadata = true
        default:
            // Names and types directly inside <trk>, <metadata> (1.1) or <gpx> (1.0).
            collectingText = Self.containerText.contains(name) && depth <= 3
        }
    }

    override func end(_ name: String) {
        defer { depth -= 1 }
        if var current = point {
            if depth == pointDepth {
                let fix = current.fix
                point = nil
                collectingText = false
                if pointKind == "wpt" {
                    visit(.waypoint(Waypoint(name: pointName, fix: fix)))
                } else {
                    visit(.fix(fix))
                }
                return
            }
            switch name {
            case "ele": current.altitude = number(in: name)
            case "time": current.time = time(in: name)
            case "speed": current.speed = number(in: name)
            case "course": current.course = number(in: name)
            case "hr": current.heartRate = number(in: name)
            case "cad": current.cadence = number(in: name)
            case "name" where depth == pointDepth + 1: pointName = String(Self.trimmed(text))
            default: break
            }
            point = current
            return
        }
        switch name {
        case "trk":
            inTrack = false
            visit(.endSegment)
        case "trkseg":
            visit(.endSegment)
        case "rte":
            inRoute = false
            if includeRoutes { visit(.endSegment) }
        case "metadata":
            inMetadata = false
        case "name" where collectingText && (inTrack || inMetadata || depth == 2):
            let trimmed = String(Self.trimmed(text))
            if !trimmed.isEmpty { visit(.name(trimmed)) }
        case "type" where collectingText && inTrack:
            let trimmed = String(Self.trimmed(text))
            if !trimmed.isEmpty { visit(.sport(trimmed)) }
        default:
            break
        }
        collectingText = false
    }
}
