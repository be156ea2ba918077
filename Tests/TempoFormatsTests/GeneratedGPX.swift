import Foundation

/// A GPX document written, from a seed, in the many ways XML and GPX allow, with the track it holds.
///
/// Each choice is random per place: attribute order and quotes, white space, tabs and line breaks
/// in tags and between them, CRLF line ends, namespace prefixes, comments, processing
/// instructions, CDATA sections, character and entity references, end tags with space before
/// `>`, self-closing points, points without elevation or time, Garmin heart rate, unknown
/// extension elements whose names have every length from 1 to 24 bytes (some with digits, `-`,
/// `.`, `_` or non-ASCII letters), and numbers written in several ways. What the reader must find
/// is kept beside the text: numbers as `Double(String)` reads their text, times as written.
struct GeneratedGPX {
    struct Point: Equatable {
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var time: Date?
        var heartRate: Double?
    }

    private(set) var text = ""
    /// The points of each non-empty segment, in order.
    private(set) var segments: [[Point]] = []
    /// The altitude text of the point `badAltitudeIndex` (counted over all segments), when asked for.
    private let badAltitudeIndex: Int?
    private var generator: SplitMix64
    private let newline: String
    private var pointCount = 0

    /// A document of `points` points. `badAltitudeIndex`: that point gets `<ele>` text `badAltitude`.
    init(seed: UInt64, points: Int, badAltitudeIndex: Int? = nil) {
        generator = SplitMix64(seed: seed)
        self.badAltitudeIndex = badAltitudeIndex
        newline = seed % 3 == 0 ? "\r\n" : "\n"
        write(points: points)
    }

    /// The altitude text written for `badAltitudeIndex`: not a number.
    static let badAltitude = "12x5"

    // MARK: Random choices

    private mutating func chance(_ percent: UInt64) -> Bool {
        generator.next() % 100 < percent
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(generator.next() % UInt64(choices.count))]
    }

    private mutating func number(below limit: UInt64) -> Int {
        Int(generator.next() % limit)
    }

    /// White space between elements.
    private mutating func gap() -> String {
        pick(["", "", newline + "      ", newline, " ", "\t", newline + "\t\t"])
    }

    /// White space between attributes.
    private mutating func attributeGap() -> String {
        pick([" ", " ", " ", "  ", newline + "    ", "\t", " " + newline])
    }

    /// Sometimes a comment or a processing instruction, which readers skip.
    private mutating func aside() -> String {
        guard chance(6) else { return "" }
        return pick(["<!-- a <trkpt lat=\"9\" lon=\"9\"/> in a comment -->", "<?tempo skip?>", "<!---->"]) + gap()
    }

    /// `prefix:name` or `name`, the prefix bound to GPX's namespace in the root element.
    private mutating func gpxName(_ local: String) -> String {
        chance(12) ? "g:" + local : local
    }

    /// An end tag, sometimes with white space before `>`.
    private mutating func endTag(_ name: String) -> String {
        chance(8) ? "</\(name)\(pick([" ", "\t", newline]))>" : "</\(name)>"
    }

    /// `name="value"` with either quote and sometimes space around `=`.
    private mutating func attribute(_ name: String, _ value: String) -> String {
        let quote = chance(30) ? "'" : "\""
        let equals = chance(8) ? pick([" = ", "= ", " =" + newline]) : "="
        return name + equals + quote + value + quote
    }

    /// How a number is written, and the value that text stands for.
    private mutating func decimal(_ value: Double) -> (text: String, value: Double) {
        let text: String
        switch number(below: 10) {
        case 0: text = String(format: "%.\(number(below: 16))f", value)
        case 1: text = String(Int(value.rounded()))
        case 2: text = String(format: "%.25f", value)  // past 19 significant digits
        case 3: text = (value < 0 ? "-00" : "00") + String(format: "%.3f", abs(value))
        case 4: text = String(format: "%.4e", value)  // an exponent: `Double(String)` reads it
        default: text = "\(value)"
        }
        guard let read = Double(text) else { preconditionFailure("\(text) is not a number") }
        return (text, read)
    }

    /// Number text as an element's content: padded, in CDATA, after a comment, or with its first
    /// digit as a character reference.
    private mutating func content(_ text: String) -> String {
        switch number(below: 12) {
        case 0: return pick([" ", newline, "\t"]) + text + pick([" ", newline + "  "])
        case 1: return "<![CDATA[" + text + "]]>"
        case 2: return "<!-- value -->" + text
        case 3:
            guard let first = text.unicodeScalars.first, first.properties.numericType != nil else { return text }
            return "&#\(first.value);" + text.dropFirst()
        default: return text
        }
    }

    /// A name `length` bytes long for an element no reader knows.
    private mutating func unknownName(length: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var name = String(pick(letters))
        while name.utf8.count < length {
            let next: String = chance(10) ? pick(["1", "-", ".", "_", "é"]) : String(pick(letters))
            if name.utf8.count + next.utf8.count > length { continue }
            name += next
        }
        return name
    }

    // MARK: Writing

    private mutating func write(points: Int) {
        if chance(80) { text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + newline }
        text += aside()
        text += "<gpx version=\"1.1\" creator=\"generated &amp; checked\" xmlns=\"http://www.topografix.com/GPX/1/1\""
        text += attributeGap() + "xmlns:g=\"http://www.topografix.com/GPX/1/1\""
        text += attributeGap() + "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\" xmlns:x='urn:x'>"
        text += newline + " <trk>" + gap() + "<name>generated</name>" + gap()
        var written = 0
        while written < points {
            let segmentSize = min(points - written, 1 + number(below: 40))
            let trkseg = gpxName("trkseg")
            text += "<\(trkseg)>" + gap()
            var segment: [Point] = []
            for _ in 0..<segmentSize {
                segment.append(writePoint())
                text += gap() + aside()
            }
            text += endTag(trkseg) + gap()
            segments.append(segment)
            written += segmentSize
        }
        text += "</trk>" + newline + "</gpx>" + newline
    }

    private mutating func writePoint() -> Point {
        defer { pointCount += 1 }
        let latitude = decimal(Double(number(below: 180_000_000)) / 1e6 - 90)
        let longitude = decimal(Double(number(below: 360_000_000)) / 1e6 - 180)
        var point = Point(latitude: latitude.value, longitude: longitude.value)
        let trkpt = gpxName("trkpt")
        var attributes = [attribute("lat", latitude.text), attribute("lon", longitude.text)]
        if chance(50) { attributes.reverse() }
        if chance(10) { attributes.insert(attribute(pick(["src", "x:id", "note"]), pick(["gps", "a &amp; b", "é"])), at: number(below: 3)) }
        text += "<\(trkpt)"
        for attribute in attributes { text += attributeGap() + attribute }
        if pointCount != badAltitudeIndex && chance(5) {
            text += pick(["/>", " />", newline + "/>"])
            return point
        }
        text += (chance(8) ? pick([" ", newline]) : "") + ">" + gap()

        var children: [String] = []
        if pointCount == badAltitudeIndex || chance(80) {
            let altitude = decimal(Double(number(below: 900_000)) / 100 - 100)
            let written = pointCount == badAltitudeIndex ? Self.badAltitude : altitude.text
            point.altitude = altitude.value
            let ele = gpxName("ele")
            children.append("<\(ele)>" + content(written) + endTag(ele))
        }
        if chance(80) {
            let seconds = 1_000_000_000 + number(below: 1_000_000_000)
            let half = chance(20)
            point.time = Date(timeIntervalSince1970: Double(seconds) + (half ? 0.5 : 0))
            var offsetHours = 0
            var zone = "Z"
            if chance(20) {
                offsetHours = number(below: 25) - 12
                zone = String(format: "%@%02d:00", offsetHours < 0 ? "-" : "+", abs(offsetHours))
            }
            // The clock as written in that zone.
            let written = Date(timeIntervalSince1970: Double(seconds + offsetHours * 3600))
            var stamp = Self.utcFormatter.string(from: written)
            if half { stamp += ".5" }
            let time = gpxName("time")
            children.append("<\(time)>" + (chance(10) ? " " + stamp + zone + newline : stamp + zone) + endTag(time))
        }
        if chance(20) {
            let name = gpxName("name")
            children.append("<\(name)>point \(pointCount) &lt;é&gt;" + endTag(name))
        }
        if chance(50) { children.shuffle(using: &generator) }
        var extensions: [String] = []
        if chance(50) {
            let heartRate = decimal(Double(60 + number(below: 140)))
            point.heartRate = heartRate.value
            extensions.append("<gpxtpx:TrackPointExtension><gpxtpx:hr>" + content(heartRate.text) + "</gpxtpx:hr></gpxtpx:TrackPointExtension>")
        }
        if chance(30) {
            let name = pick(["x:", "", "gpxtpx:"]) + unknownName(length: 1 + number(below: 24))
            let inner = chance(50) ? "text &amp; more" : "<x:in a='1'>é</x:in>"
            extensions.append("<\(name)" + (chance(50) ? " \(attribute("k", "v"))" : "") + ">\(inner)</\(name)>")
        }
        if !extensions.isEmpty { children.append("<extensions>" + extensions.joined(separator: gap()) + "</extensions>") }
        for child in children { text += child + gap() + aside() }
        text += endTag(trkpt)
        return point
    }

    private static let utcFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter
    }()
}
