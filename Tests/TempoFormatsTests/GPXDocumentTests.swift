import Foundation
import TempoKit
import Testing

@testable import TempoFormats

/// GPX documents read through `XMLScanner` and `GPXParser`: errors with their place, inputs longer
/// than one read, pipes, broken documents. Places and counts are computed here independently.
@Suite struct GPXDocumentTests {
    struct Outcome: Equatable {
        var elements: [ActivityElement]
        var error: FormatError?
    }

    static func read(_ url: URL) -> Outcome {
        var elements: [ActivityElement] = []
        do throws(FormatError) {
            try GPXReader.stream(url) { elements.append($0) }
            return Outcome(elements: elements, error: nil)
        } catch {
            return Outcome(elements: elements, error: error)
        }
    }

    static let head = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
          xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">

        """

    /// Broken documents: each must fail, naming the file.
    static let brokenDocuments: [String] = [
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>5S6.74</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"north\" lon=\"2\"/></trkseg></trk></gpx>",
        head + "<trk><trkseg>\n<trkpt lat=\"1\" lon=\"east\"/></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\"/></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>inf</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>nan</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele></ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1e999</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><hr>a very long text that is certainly not a number at all</hr></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>yesterday</time></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2020-13-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1<x/>2</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkpx></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkpt></trkseg></trk>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=1 lon=\"2\"/></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\" / ></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1&bogus;\" lon=\"2\"/></trkseg></trk></gpx>",
        head + "<trk><name>a &amp b</name></trk></gpx>",
        head + "<trk><name>&#xD800;</name></trk></gpx>",
        head + "<trk></trk ></gpx>x",
        head + "<trk></trk></gpx><gpx/>",
        head + "<trk></trk></gpx>\n<!-- unterminated",
        head + "<trk><![CDATA[ unterminated",
        head + "<trk><?pi unterminated",
        head + "<trk><!DOCTYPE unterminated",
        head + "<trk></ trk></gpx>",
        head + "<trk>< /trk></gpx>",
        head + "<trk x=\"1\"y/></gpx>",
        head + "<trk><trkseg><trkpt lat lon=\"2\"/></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"<ele>1</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\" x=\"unterminated></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/ x></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\" =\"3\"/></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\" a=\"&bad;\"/></trkseg></trk></gpx>",
        "",
        "   \n  ",
        "text first<gpx/>",
        "<?xml version=\"1.0\"?>",
        "<gpx><wpt lat=\"1\" lon=\"2\"><name>ok</name></wpt><wpt lat=\"x\" lon=\"2\"/></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1<b/>2</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>é</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><a><b></a></b></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1</elf></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1</ele></trkpx></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2020-13-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><x>&bogus;</x></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1</ele></trkpt><trkpt lat=\"1\" lon=\"2\"><ele>1x</ele></trkpt></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1</ele></trkpt><trkpt lat=\"1\" lon=\"2\"><ele>1</ele></trkpx></trkseg></trk></gpx>",
        head + "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2021-02-29T00:00:00Z</time></trkpt></trkseg></trk></gpx>",
    ]

    @Test(arguments: brokenDocuments.indices)
    func brokenDocumentsFail(index: Int) throws {
        let url = try TempFile.write("doc.gpx", Self.brokenDocuments[index])
        #expect(Self.read(url).error?.file == url.path)
    }

    @Test func aDirectoryIsAReadFailure() throws {
        let directory = try TempFile.directory().appendingPathComponent("folder.gpx")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let outcome = Self.read(directory)
        #expect(outcome.error == FormatError(file: directory.path, reason: "read failed: Is a directory"))
        #expect(outcome.elements.isEmpty)
    }

    /// ~3.5 MB of track: several 1 MiB reads, so tokens, text and open tags straddle chunk boundaries.
    static func longTrack() -> String {
        var text = Self.head + "<trk><name>long</name><trkseg>\n"
        var generator = SplitMix64(seed: 7)
        for index in 0..<40_000 {
            let lat = Double(generator.next() % 180_000_000) / 1e6 - 90
            let lon = Double(generator.next() % 360_000_000) / 1e7 - 180
            text += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>\(Double(index) / 8)</ele>"
            text += "<time>2024-01-01T00:\(String(format: "%02d", index / 60 % 60)):\(String(format: "%02d", index % 60))Z</time></trkpt>\n"
            if index % 9_000 == 8_999 { text += "</trkseg><trkseg>\n" }
        }
        return text
    }

    /// The long track broken near its end, and where: `</ele>` at column 32 of the last line
    /// (`<trkpt lat="1" lon="2"><ele>12x` is 31 bytes), the line counted here independently.
    static func longBrokenTrack() -> (text: String, location: String) {
        let text = longTrack()
        let lastLine = text.utf8.filter { $0 == 0x0A }.count + 1
        return (text + "<trkpt lat=\"1\" lon=\"2\"><ele>12x</ele></trkpt></trkseg></trk></gpx>\n", "line \(lastLine), column 32")
    }

    @Test func documentsLongerThanTheReadChunk() throws {
        let good = Self.longTrack() + "</trkseg></trk></gpx>\n"
        let outcome = Self.read(try TempFile.write("long.gpx", good))
        #expect(outcome.error == nil)
        #expect(outcome.elements.filter { if case .fix = $0 { true } else { false } }.count == 40_000)
        let broken = Self.longBrokenTrack()
        #expect(Self.read(try TempFile.write("long-broken.gpx", broken.text)).error?.location == broken.location)
    }

    /// Every place a one-MiB read can end inside a point: the point must read the same.
    @Test func everyTagAndValueCutByTheEndOfARead() throws {
        let point = "<trkpt lat=\"1.5\" lon=\"2.5\"><ele>3</ele><time>2020-01-01T00:00:00Z</time><x:hr>150</x:hr></trkpt>"
        let open = "<gpx><trk><trkseg>"
        for cut in 0...point.utf8.count {
            // The comment pads the document so that the read ends `cut` bytes into the point.
            let padding = XMLScanner.chunkSize - open.utf8.count - "<!---->".utf8.count - cut
            let text = open + "<!--" + String(repeating: " ", count: padding) + "-->" + point + "</trkseg></trk></gpx>"
            let outcome = Self.read(try TempFile.write("cut.gpx", text))
            let fixes = outcome.elements.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
            #expect(outcome.error == nil, "cut \(cut)")
            #expect(fixes.map(\.altitudeMeters) == [3], "cut \(cut)")
            #expect(fixes.first?.heartRateBPM == 150, "cut \(cut)")
            #expect(fixes.first?.time == Date(timeIntervalSince1970: 1_577_836_800), "cut \(cut)")
        }
    }

    /// A comment and a track name each longer than three reads (the buffer grows under one token),
    /// and points after them, read as written, from a file and from a pipe alike.
    @Test func tokensLongerThanAReadReadTheSameFromAFileAndAPipe() throws {
        let name = String(repeating: "a name that goes on ", count: XMLScanner.chunkSize / 5) + "and on"
        let point = "<trkpt lat=\"1.5\" lon=\"2.5\"><ele>3</ele></trkpt>"
        let text = Self.head + "<!--" + String(repeating: "-x", count: 2 * XMLScanner.chunkSize) + "-->"
            + "<trk><name>" + name + "</name><trkseg>" + point + point + "</trkseg></trk></gpx>"
        #expect(text.utf8.count > 8 * XMLScanner.chunkSize)
        let fromFile = Self.read(try TempFile.write("long-tokens.gpx", text))
        let fromPipe = Self.read(try TempFile.pipe("long-tokens-pipe.gpx", feeding: text))
        #expect(fromFile.error == nil)
        // Compared first: a failed expectation would print megabytes.
        let same = fromFile == fromPipe, named = fromFile.elements.contains(.name(name))
        #expect(same)
        #expect(named)
        #expect(fromFile.elements.filter { if case .fix = $0 { true } else { false } }.count == 2)
    }

    /// A pipe cannot be read again: its lines are counted as the buffer moves on, to the same place.
    @Test func linesAreCountedOnPipesToo() throws {
        let broken = Self.longBrokenTrack()
        let url = try TempFile.pipe("pipe.gpx", feeding: broken.text)
        let outcome = Self.read(url)
        #expect(outcome.error?.location == broken.location)
        #expect(outcome.elements.filter { if case .fix = $0 { true } else { false } }.count == 40_000)
    }

    /// Positions counted independently of the reader (Python: `b.index(target)`, newlines before it,
    /// bytes since the last one; 1-based, columns in bytes, the BOM counting three bytes).
    @Test(arguments: [
        // Content errors point at the tag whose handling failed: here the end tag `</ele>`, line 3 column 34.
        ("<gpx>\n<trk><trkseg>\n  <trkpt lat=\"1\" lon=\"2\"><ele>abc</ele></trkpt></trkseg></trk></gpx>",
         "line 3, column 34", "\"abc\" is not a number in <ele>"),
        // The point's start tag `<trkpt` is at column 10 of line 2 (the tab is one byte).
        ("<gpx><trk>\n<trkseg>\t<trkpt lat=\"x1\" lon=\"2\"/></trkseg></trk></gpx>",
         "line 2, column 10", "\"x1\" is not a number in <trkpt lat>"),
        // `</trkpx>` starts at column 42 of line 1.
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkpx></trkseg></trk></gpx>",
         "line 1, column 42", "malformed XML: an end tag does not match its start tag"),
        // After the BOM and a CRLF, the `</time>` end tag is on line 2 at column 47.
        ("\u{FEFF}<gpx>\r\n<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>noon</time></trkpt></trkseg></trk></gpx>",
         "line 2, column 47", "\"noon\" is not an ISO 8601 time in <time>"),
        // The document ends inside `<trk>`: the position is the end of the input (line 2, after 5 bytes).
        ("<gpx>\n<trk>", "line 2, column 6", "malformed XML: the document ends too early"),
    ])
    func errorsNameTheLineAndColumn(document: String, location: String, reason: String) throws {
        let url = try TempFile.write("error.gpx", document)
        #expect(Self.read(url).error == FormatError(file: url.path, location: location, reason: reason))
    }
}

/// A small seeded generator (SplitMix64), so the generated documents are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
