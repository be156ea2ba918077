import Foundation
@testable import TempoFormats
import TempoKit
import Testing

/// Track points read in one step (`GPXPointShape`) against the same points read token by token.
///
/// A document is written as a device writes one (`DeviceGPX`): a layout drawn once from the seed,
/// every point in it with values of its own, and now and then a point written otherwise. The
/// reference reading is the same document with a comment of its own before each `</trkpt>`: no two
/// points are alike, so every point is read token by token. Both readings must give the same
/// fixes and, for a bad value, the same error at the same place.
@Suite struct GPXPointShapeTests {
    struct Outcome {
        var fixes: [LocationFix] = []
        var error: FormatError?
    }

    static func read(_ url: URL) -> Outcome {
        var outcome = Outcome()
        do throws(FormatError) {
            try GPXReader.stream(url) { element in
                if case .fix(let fix) = element { outcome.fixes.append(fix) }
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// The document with `<!--N-->`, N counting, before every `</trkpt>`.
    static func everyPointUnlikeTheOthers(_ text: String) -> String {
        let parts = text.components(separatedBy: "</trkpt>")
        return parts.indices.dropLast().map { parts[$0] + "<!--\($0)--></trkpt>" }.joined() + (parts.last ?? "")
    }

    /// Seeds 0–59 with 80 points each; 60–63 with 9,000 (over 1 MB: points cross the 1 MB reads),
    /// read from a file and from a pipe.
    @Test(arguments: 0..<64 as Range<UInt64>)
    func pointsReadInOneStepReadAsTheirTokensWould(seed: UInt64) throws {
        let document = DeviceGPX(seed: seed, points: seed < 60 ? 80 : 9_000)
        let shaped = try TempFile.write("shaped.gpx", document.text)
        let tokens = try TempFile.write("tokens.gpx", Self.everyPointUnlikeTheOthers(document.text))
        let fast = Self.read(shaped), reference = Self.read(tokens)
        #expect(fast.fixes == reference.fixes)
        #expect(fast.error?.reason == reference.error?.reason)
        #expect(fast.error?.location == reference.error?.location)
        #expect(fast.fixes.count == document.pointsBeforeError)
        #expect((fast.error != nil) == document.hasError)
        // The values as `Double(String)` reads what was written (the generator's own record).
        #expect(fast.fixes.map(\.latitude) == document.latitudes)
        // From a pipe, which cannot be read again (its lines are counted as the buffer moves on).
        if seed >= 60 {
            #expect(document.text.utf8.count > XMLScanner.chunkSize + 100_000 && fast.fixes.count > 8_000)
            let piped = Self.read(try TempFile.pipe("shaped-pipe.gpx", feeding: document.text))
            #expect(piped.fixes == fast.fixes)
            #expect(piped.error?.reason == fast.error?.reason)
            #expect(piped.error?.location == fast.error?.location)
        }
    }
}

/// A GPX document written as a device writes one: a layout drawn once from the seed (line ends,
/// indentation or none, quotes, attribute order, the extension prefix, which values each point
/// has and how many digits), each point with values of its own, and about one point in twelve
/// written otherwise: an element more (`<sat>`, `<name>`) or less, other indentation, a value
/// padded, in CDATA, after a comment or starting with a character reference, `</ele >`, a
/// self-closing point, an attribute with a non-ASCII value, a time with an offset, or (at most
/// once) a value that is not a number or not a time.
struct DeviceGPX {
    private(set) var text = ""
    /// Points before the bad value (all of them without one).
    private(set) var pointsBeforeError = 0
    private(set) var hasError = false
    /// Each point's latitude as written, read by `Double(String)`, up to the bad value.
    private(set) var latitudes: [Double] = []
    private var generator: SplitMix64

    init(seed: UInt64, points: Int) {
        generator = SplitMix64(seed: seed)
        write(points: points)
    }

    private mutating func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
    private mutating func number(below limit: UInt64) -> Int { Int(generator.next() % limit) }

    private mutating func write(points: Int) {
        let newline = pick(["\n", "\r\n"])
        let indent = pick(["", newline + "  ", newline + "\t\t", " "])
        let quote = pick(["\"", "'"])
        let latitudeFirst = chance(50)
        let digits = pick([6, 7, 9, 15])
        let prefix = pick(["gpxtpx:", "ns3:", ""])
        let hasElevation = chance(90), hasTime = chance(90)
        let extensions = ["hr", "cad", "atemp", "speed", "course"].filter { _ in chance(60) }
        text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + newline
        text += "<gpx version=\"1.1\" creator=\"device\" xmlns=\"http://www.topografix.com/GPX/1/1\" "
        text += "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\" xmlns:ns3=\"urn:ns3\">" + newline
        text += " <trk><type>running</type>" + newline + "  <trkseg>" + newline
        var latitude = Double(number(below: 170)) - 85, longitude = Double(number(below: 350)) - 175
        let start = 1_600_000_000 + number(below: 100_000_000)
        for index in 0..<points {
            latitude += Double(number(below: 2001)) / 1e7 - 1e-4
            longitude += Double(number(below: 2001)) / 1e7 - 1e-4
            let latitudeText = String(format: "%.\(digits)f", latitude), longitudeText = String(format: "%.\(digits)f", longitude)
            // Most points as the layout says; about one in twelve otherwise. A bad value comes
            // only in the last 200 points of a long document, which is read past its 1 MB reads.
            let odd = chance(8) ? number(below: 16) : -1
            let mayErr = !hasError && (points <= 1_000 || index >= points - 200)
            var badValue = false
            var latitudeWritten = latitudeText
            if odd == 12 && mayErr {
                latitudeWritten = "1.2.3"
                badValue = true
            }
            var attributes = ["lat=\(quote)\(latitudeWritten)\(quote)", "lon=\(quote)\(longitudeText)\(quote)"]
            if !latitudeFirst { attributes.reverse() }
            if odd == 10 { attributes.append("note=\"é\"") }
            text += "   <trkpt " + attributes.joined(separator: " ")
            if odd == 9 {
                text += "/>" + newline
                record(latitudeWritten, badValue: badValue)
                if badValue { break }
                continue
            }
            text += ">"
            let gap = odd == 6 ? indent + " " : indent
            if hasElevation && odd != 1 {
                var value = String(format: "%.1f", Double(number(below: 20_000)) / 10 - 100)
                switch odd {
                case 2: value = " " + value + " "
                case 3: value = "&#32;" + value
                case 4: value = "<![CDATA[" + value + "]]>"
                case 5: value = "<!-- c -->" + value
                case 11 where mayErr && !badValue:
                    value = "12x5"
                    badValue = true
                default: break
                }
                text += gap + "<ele>" + value + (odd == 7 ? "</ele >" : "</ele>")
            }
            if hasTime {
                let seconds = Date(timeIntervalSince1970: Double(start + index))
                var stamp = ISO8601DateFormatter().string(from: seconds)
                if odd == 14 { stamp = stamp.replacingOccurrences(of: "Z", with: "+00:00") }
                if odd == 15 && mayErr && !badValue {
                    stamp = "2024-13-45T10:00:00Z"
                    badValue = true
                }
                text += gap + "<time>" + stamp + "</time>"
            }
            if odd == 0 { text += gap + "<sat>\(number(below: 12))</sat>" }
            if odd == 8 { text += gap + "<name>point \(index)</name>" }
            if !extensions.isEmpty {
                text += gap + "<extensions>" + gap + "<\(prefix)TrackPointExtension>"
                for name in extensions {
                    var value = name == "speed" ? String(format: "%.2f", Double(number(below: 800)) / 100) : String(number(below: 200))
                    if name == "hr" && odd == 13 && mayErr && !badValue {
                        value = "abc"
                        badValue = true
                    }
                    text += gap + "<\(prefix)\(name)>" + value + "</\(prefix)\(name)>"
                }
                text += gap + "</\(prefix)TrackPointExtension>" + gap + "</extensions>"
            }
            text += gap + "</trkpt>" + newline
            record(latitudeWritten, badValue: badValue)
            if badValue { break }
        }
        text += "  </trkseg>" + newline + " </trk>" + newline + "</gpx>" + newline
    }

    private mutating func record(_ latitude: String, badValue: Bool) {
        if badValue {
            hasError = true
            return
        }
        pointsBeforeError += 1
        if let value = Double(latitude) { latitudes.append(value) }
    }
}
