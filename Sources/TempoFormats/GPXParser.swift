import Foundation
import TempoKit

/// GPX's element rules, as the `XMLHandler` behind `GPXReader`.
struct GPXParser: XMLHandler {
    private let includeRoutes: Bool
    private let visit: (ActivityElement) -> Void
    private(set) var collectsText = false
    /// The open point, while `inPoint`.
    private var point = LocationFix(time: nil, coordinate: Coordinate(latitude: 0, longitude: 0))
    private var inPoint = false
    private var pointName: String?
    private var pointIsWaypoint = false
    private var inTrack = false
    private var inRoute = false
    private var inMetadata = false
    private var depth = 0
    private var pointDepth = 0
    /// How the file writes its track points, once one was learned (`repeatElement`).
    private var shape: GPXPointShape?
    /// Reads the times of the points read by `shape`.
    private var times = ISO8601Time.TrackReader()
    /// The track point being learned: where its `<` is, and its values as read so far.
    private var learning: (start: UnsafePointer<UInt8>, values: [(field: GPXPointShape.Field, bytes: UnsafeBufferPointer<UInt8>)])?

    /// The depth of the elements whose `<name>` and `<type>` are the file's: in `<trk>`,
    /// `<metadata>` (GPX 1.1) or `<gpx>` itself (GPX 1.0).
    private static let containerTextDepth = 3

    init(includeRoutes: Bool, visit: @escaping (ActivityElement) -> Void) {
        self.includeRoutes = includeRoutes
        self.visit = visit
    }

    mutating func start(_ name: XMLScanner.Name, attributes: XMLScanner.Attributes) throws(XMLContentError) {
        depth += 1
        if inPoint {
            collectsText = depth == pointDepth + 1 || Self.isPointText(name)
            return
        }
        if name == "trkpt" && inTrack {
            try open("trkpt", attributes)
        } else if name == "wpt" && depth == 2 {
            try open("wpt", attributes)
            pointIsWaypoint = true
        } else if name == "rtept" && inRoute && includeRoutes {
            try open("rtept", attributes)
        } else {
            switch name {
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
                collectsText = (name == "name" || name == "type") && depth <= Self.containerTextDepth
            }
        }
    }

    /// A track point written as the one learned last is read here in one step; any other is read
    /// token by token and learned (`GPXPointShape`).
    mutating func repeatElement(_ bytes: UnsafePointer<UInt8>, count: Int, depth: Int) -> XMLRepeat {
        // `<trkpt` and then a byte that ends a name, in a track, outside a point: what `start` opens.
        guard inTrack, !inPoint, count > 6, bytes[1] == UInt8(ascii: "t"), XMLScanner.sameBytes(bytes, Self.trackPointTag.utf8Start, 6),
            !XMLScanner.isNameByte(bytes[6])
        else { return .none }
        if let shape, shape.depth == self.depth, let (fix, length) = shape.read(bytes, count: count, times: &times) {
            learning = nil
            point = fix
            pointName = nil
            pointIsWaypoint = false
            collectsText = false
            visit(.fix(fix))
            return .took(length: length)
        }
        learning = (bytes, [])
        return .learn
    }

    private static var trackPointTag: StaticString { "<trkpt" }

    mutating func learn(_ element: UnsafeBufferPointer<UInt8>) {
        defer { learning = nil }
        guard let learning, element.baseAddress == learning.start,
            let learned = GPXPointShape(element, values: learning.values, depth: depth)
        else { return }
        shape = learned
    }

    /// Notes where a value of the track point being learned was read from.
    private mutating func learned(_ field: GPXPointShape.Field, _ text: XMLScanner.Text) {
        learning?.values.append((field, text.bytes))
    }

    /// Opens a point (`trkpt`, `wpt`, `rtept`) at its `lat` and `lon`.
    private mutating func open(_ element: String, _ attributes: XMLScanner.Attributes) throws(XMLContentError) {
        guard let latitude = attributes["lat"], let longitude = attributes["lon"] else {
            throw XMLContentError(reason: "<\(element)> without lat and lon")
        }
        guard let lat = latitude.number else { throw .notANumber(latitude.trimmed, in: "\(element) lat") }
        guard let lon = longitude.number else { throw .notANumber(longitude.trimmed, in: "\(element) lon") }
        point = LocationFix(time: nil, coordinate: Coordinate(latitude: lat, longitude: lon))
        if learning != nil {
            // (Only a track point is learned: any other point ends what was left of a learning.)
            if element == "trkpt" {
                learned(.latitude, latitude)
                learned(.longitude, longitude)
            } else {
                learning = nil
            }
        }
        inPoint = true
        pointName = nil
        pointIsWaypoint = false
        pointDepth = depth
        collectsText = false
    }

    private static func isPointText(_ name: XMLScanner.Name) -> Bool {
        name == "name" || GPXPointShape.Field(pointElement: name) != nil
    }

    mutating func end(_ name: XMLScanner.Name, text: XMLScanner.Text) throws(XMLContentError) {
        defer { depth -= 1 }
        if inPoint {
            if depth == pointDepth {
                inPoint = false
                collectsText = false
                visit(pointIsWaypoint ? .waypoint(Waypoint(name: pointName, fix: point)) : .fix(point))
                return
            }
            if case "name" = name, depth == pointDepth + 1 {
                pointName = text.trimmed
                learning = nil  // (a track point's name is not kept: such points are read token by token)
                return
            }
            guard let field = GPXPointShape.Field(pointElement: name) else { return }
            if field == .time {
                guard let time = text.instant else { throw .notATime(text.trimmed, in: "time") }
                point.time = time
            } else {
                field.set(try Self.number(text, in: name), in: &point)
            }
            if learning != nil { learned(field, text) }
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
        case "name" where collectsText && (inTrack || inMetadata || depth == 2):
            let trimmed = text.trimmed
            if !trimmed.isEmpty { visit(.name(trimmed)) }
        case "type" where collectsText && inTrack:
            let trimmed = text.trimmed
            if !trimmed.isEmpty { visit(.sport(trimmed)) }
        default:
            break
        }
        collectsText = false
    }

    private static func number(_ text: XMLScanner.Text, in element: XMLScanner.Name) throws(XMLContentError) -> Double {
        guard let value = text.number else { throw .notANumber(text.trimmed, in: element.string) }
        return value
    }
}
