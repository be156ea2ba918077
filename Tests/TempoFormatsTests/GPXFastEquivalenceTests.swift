import Foundation
import TempoKit
import Testing

@testable import TempoFormats

/// The fast GPX reader (`GPXFastScanner`) against the general one (`GPXParser` on `XMLScanner`,
/// or `XMLParser` for other encodings): the same elements in the same order, and the same error
/// (file, line, column, reason) with the same elements reported before it. The oracle is the
/// general path, which the rest of the suite checks against the fixtures' README values.
@Suite struct GPXFastEquivalenceTests {
    struct Outcome: Equatable {
        var elements: [ActivityElement]
        var error: FormatError?
    }

    static func read(_ url: URL, engine: GPXEngine, includeRoutes: Bool = false) -> Outcome {
        var elements: [ActivityElement] = []
        do throws(FormatError) {
            try GPXReader.stream(url, includeRoutes: includeRoutes, engine: engine) { elements.append($0) }
            return Outcome(elements: elements, error: nil)
        } catch {
            return Outcome(elements: elements, error: error)
        }
    }

    /// Both engines on `url`, with and without routes; returns the fast outcome.
    @discardableResult
    static func expectSame(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> Outcome {
        var fastOutcome = Outcome(elements: [], error: nil)
        for includeRoutes in [false, true] {
            let general = read(url, engine: .general, includeRoutes: includeRoutes)
            let fast = read(url, engine: .fast, includeRoutes: includeRoutes)
            #expect(fast == general, "\(url.lastPathComponent) includeRoutes \(includeRoutes)", sourceLocation: sourceLocation)
            if !includeRoutes { fastOutcome = fast }
        }
        return fastOutcome
    }

    static func write(_ text: String) throws -> URL {
        try TempFile.write("doc.gpx", text)
    }

    @Test func everyFixtureGivesTheSameElements() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.appendingPathComponent("runs").path)
            .filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(names.count >= 6)
        for name in names {
            let outcome = Self.expectSame(Fixtures.url(name))
            #expect(outcome.error == nil, "\(name)")
            #expect(!outcome.elements.isEmpty, "\(name)")
        }
    }

    static let head = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
          xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">

        """

    /// Documents that exercise every branch of the GPX handler and the scanner.
    static let documents: [String] = [
        // GPX 1.0: speed, course, name at the top level, waypoints, a route.
        """
        <?xml version="1.0"?>
        <gpx version="1.0" creator="t"><name>Top name</name><wpt lat="1" lon="2"><name>W &amp; P</name><ele>3</ele></wpt>
        <rte><name>r</name><rtept lat="5" lon="6"><ele>7</ele></rtept><rtept lat="5.5" lon="6.5"/></rte>
        <trk><name>T</name><type>running</type><trkseg><trkpt lat="1.25" lon="-2.5"><speed>3.5</speed><course>270.25</course>
        <time>2020-02-29T23:59:59.123+01:00</time></trkpt></trkseg></trk></gpx>
        """,
        // Extensions with hr and cad, any prefix; empty segments; several tracks; points without time.
        head + """
        <metadata><name>Meta</name><time>2020-01-01T00:00:00Z</time></metadata>
        <trk><trkseg></trkseg></trk>
        <trk><trkseg><trkpt lat="50.7772126" lon="6.0819695"><ele>191.5999756</ele><time>2013-07-06T17:26:26Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension>
        <ns3:TrackPointExtension><ns3:hr> 151 </ns3:hr></ns3:TrackPointExtension></extensions></trkpt>
        <trkpt lat="50.7772" lon="6.08"/><trkpt lon="6.0" lat="50.0"></trkpt>
        </trkseg><trkseg/><trkseg><trkpt lat='1' lon='2'><ele>-0</ele></trkpt></trkseg></trk>
        <trk><trkseg><trkpt lat="-89.9999999" lon="179.9999999"><ele>0.000001</ele></trkpt></trkseg></trk></gpx>
        """,
        // Comments, processing instructions, DOCTYPE with a subset, CDATA, entities, nested noise.
        """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE gpx [ <!ENTITY x "y"> ]>
        <!-- a comment with <trkpt> inside -->
        <gpx><?pi stuff?><trk><name><![CDATA[C<D>ATA]]> &lt;name&gt; &#x41;&#66;</name><trkseg>
        <trkpt lat="4&#55;.5" lon=" 8.25 "><ele><![CDATA[12.5]]></ele><time> 2021-03-04T05:06:07.5Z </time><!-- c --></trkpt>
        <trkpt lat="1" lon="2"><ele>1&#48;</ele><name>pt</name><cmt>x</cmt><desc><b>deep</b></desc></trkpt>
        <trkpt lat="1" lon="2"><ele>1<!-- split -->2</ele></trkpt>
        </trkseg></trk></gpx>
        """,
        // Numbers the fast path hands to Double(String): exponents, long mantissas, signs, dots.
        head + """
        <trk><trkseg>
        <trkpt lat="1e1" lon="2E-3"><ele>12345678901234567890.5</ele></trkpt>
        <trkpt lat="0.1234567890123456789012345" lon="-0.000000000000000000000001"><ele>9007199254740993</ele></trkpt>
        <trkpt lat="+5" lon="5."><ele>.5</ele></trkpt>
        <trkpt lat="0x1p3" lon="00012.50000"><ele>1234567890.123456789</ele></trkpt>
        <trkpt lat="89.999999999999999999" lon="0.30000000000000004"><ele>4.35</ele></trkpt>
        </trkseg></trk></gpx>
        """,
        // Waypoint name with invalid UTF-8-free unicode, a type outside a track, names deeper down.
        head + """
        <wpt lat="43.309634" lon="-0.360366"><ele>-14.6</ele><time>2016-05-27T10:08:47.8Z</time><name>Sévérine ✓</name></wpt>
        <type>ignored</type><extensions><name>deep</name></extensions>
        <trk><link href="x"><text>t</text></link><name>  </name><trkseg><trkpt lat="1" lon="2"><time>2016-05-27T10:08:47,25-0230</time></trkpt></trkseg></trk>
        </gpx>
        """,
        // Other namespace prefixes on every element.
        """
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:name>N</g:name><g:trkseg>
        <g:trkpt lat="1" lon="2"><g:ele>3</g:ele><g:time>2020-01-01T00:00:00Z</g:time></g:trkpt>
        </g:trkseg></g:trk><g:wpt lat="3" lon="4"/></g:gpx>
        """,
        // A track point directly in <trk>, a waypoint deeper than the root, points outside tracks.
        head + """
        <trk><trkpt lat="1" lon="2"/></trk><trkpt lat="3" lon="4"/><extensions><wpt lat="5" lon="6"/></extensions></gpx>
        """,
        // Start-tag spellings on both sides of the one-pass tag scanner: spaces around `=`, `>` and `<` in
        // values, no space between attributes, repeated attributes, a space before `/>`, long indentation,
        // and an unknown entity in text nobody collects.
        head + """
        <trk><trkseg><trkpt lat = "1" lon="2"/><trkpt lat="1" x="1>" lon="2"/><trkpt lat="1"lon="2"/>
        <trkpt lat='1.5' lon="2" ><ele>1</ele></trkpt><trkpt lat="3" lat="5" lon="2" lon="x"/><trkpt lon="2" lat="4" />
        <trkpt  \t lat="5"\n lon="6"  ><extensions><x>&bogus; ignored</x></extensions></trkpt>                                           <trkpt lat="7" lon="8"/>
        <trkpt lat="9" lon="1&#48;"/><trkpt lat="9" lon="10" note="<>"/>
        </trkseg></trk></gpx>
        """,
        // Byte-order mark and CRLF line ends.
        "\u{FEFF}<?xml version=\"1.0\"?>\r\n<gpx>\r\n<trk><trkseg>\r\n<trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt>\r\n</trkseg></trk></gpx>\r\n",
        // Point bodies the one-pass path must leave to the element-by-element one, or take exactly.
        head + """
        <trk><trkseg><trkpt lat="1" lon="2"><!-- c --><ele>3</ele></trkpt>
        <trkpt lat="1" lon="2"><x>a &amp; b</x><ele>4</ele></trkpt><trkpt lat="1" lon="2"><ele >5</ele></trkpt>
        <trkpt lat="1" lon="2"><ele>6</ele><ele>7</ele></trkpt><trkpt lat="1" lon="2"><ele>8</ele></trkpt >
        <trkpt lat="1" lon="2"><ele><![CDATA[9]]></ele></trkpt><trkpt lat="1" lon="2"><ele> 1e1 </ele><hr>+5</hr></trkpt>
        <trkpt lat="1" lon="2"><a><b><c><d><e><f><g><h><i><j><k><l><m><n><o><p><q><hr>1</hr></q></p></o></n></m></l></k></j></i></h></g></f></e></d></c></b></a></trkpt>
        <trkpt lat="1" lon="2"><a><b><hr>2</hr></b></a><x:ele>3</x:ele><time>2020-01-01T00:00:00.5Z</time><name>n</name></trkpt>
        <trkpt lat="1" lon="2"><?pi?><ele>1</ele><cad> 80</cad><course>1.5 </course><speed>-0</speed></trkpt></trkseg></trk></gpx>
        """,
        // Points read by the template of the one before, then differing from it in every way.
        head + """
        <trk><trkseg><trkpt lat="1" lon="2"><ele>1</ele><time>2020-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="1" lon="2"><ele>2</ele><time>2020-01-01T00:00:01Z</time></trkpt>
        <trkpt lat="1" lon="2"><ele>3 </ele><time>2020-01-01T00:00:02Z</time></trkpt>
        <trkpt lat="1" lon="2"><ele>+4</ele><time>2020-01-01T00:00:03Z</time></trkpt>
        <trkpt lat="1" lon="2"><ele>5</ele><time>2020-01-01T00:00:04.5Z</time></trkpt>
        <trkpt lat="1" lon="2"><ele>6</ele><time>2020-01-01T00:00:05Z</time><!--x--></trkpt>
        <trkpt lat="1" lon="2"><ele>7</ele><time>2020-01-01T00:00:06Z</time></trkpt >
        <trkpt lat="1" lon="2"><ele>8</ele><ele>9</ele><time>2020-01-01T00:00:07Z</time></trkpt>
        <trkpt lat="1" lon="2"><ele>10</ele><ele>11</ele><time>2020-01-01T00:00:08Z</time></trkpt>
        <trkpt lat="1" lon="2"></trkpt><trkpt lat="1" lon="2"></trkpt><trkpt lat="1" lon="2"><x>é</x></trkpt>
        <trkpt lat="1" lon="2"><x>é</x></trkpt></trkseg></trk>
        <rte><rtept lat="1" lon="2"><ele>1</ele></rtept><rtept lat="1" lon="2"><ele>2</ele></rtept></rte>
        <trk><trkseg><trkpt lat="1" lon="2"><ele>3</ele></trkpt></trkseg></trk></gpx>
        """,
        // Whole track points read by the templates, and the places where the same bytes mean something else.
        head + """
        <trk><trkseg><trkpt lat="1.5" lon="2.5"><ele>1</ele></trkpt><trkpt lat="1.6" lon="2.6"><ele>2</ele></trkpt>
        <trkpt lon="2.7" lat="1.7"><ele>3</ele></trkpt><trkpt lon="2.8" lat="1.8"><ele>4</ele></trkpt>
        <trkpt lat="1.9" lon="2.9" x="a"><ele>5</ele></trkpt><trkpt lat="1.9" lon="2.9" x="b"><ele>6</ele></trkpt>
        <trkpt lat=" 2" lon="3"><ele>7</ele></trkpt><trkpt lat="2e0" lon="3"><ele>8</ele></trkpt><trkpt lat="2" lon="3"/>
        <trkpt lat="2" lon="3"><ele>9</ele></trkpt><trkpt lat="2" lon="3"><trkpt lat="4" lon="5"><ele>9</ele></trkpt></trkpt>
        <gpx:trkpt lat="2" lon="3"><ele>10</ele></gpx:trkpt></trkseg></trk>
        <trkpt lat="2" lon="3"><ele>11</ele></trkpt><rte><trkpt lat="2" lon="3"><ele>12</ele></trkpt></rte>
        <trk><trkpt lat="2" lon="3"><ele>13</ele></trkpt><trkseg><trkpt lat="2" lon="3"><ele>14</ele></trkpt></trkseg></trk></gpx>
        """,
    ]

    /// Broken documents: each must fail the same way, after the same elements.
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
        // Broken point bodies: the one-pass path leaves them, and the error is the general path's.
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

    @Test(arguments: documents.indices)
    func edgeCaseDocumentsGiveTheSameElements(index: Int) throws {
        let outcome = Self.expectSame(try Self.write(Self.documents[index]))
        #expect(outcome.error == nil)
        #expect(!outcome.elements.isEmpty)
    }

    @Test(arguments: brokenDocuments.indices)
    func brokenDocumentsFailTheSameWay(index: Int) throws {
        let outcome = Self.expectSame(try Self.write(Self.brokenDocuments[index]))
        #expect(outcome.error != nil)
    }

    @Test func invalidUTF8AndOtherEncodingsGiveTheSameElements() throws {
        var bytes = Array((Self.head + "<trk><name>a").utf8)
        bytes += [0xFF, 0xC3]
        bytes += Array("<![CDATA[".utf8) + [0xA9] + Array("]]>b</name><trkseg><trkpt lat=\"1\" lon=\"2\"><name>".utf8)
        bytes += [0xE2, 0x9C] + Array("</name></trkpt></trkseg></trk></gpx>".utf8)
        Self.expectSame(try TempFile.write("bad-utf8.gpx", Data(bytes)))

        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><trk><name>Caf\u{E9}</name><trkseg>"
            + "<trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt></trkseg></trk></gpx>"
        let latin1Outcome = Self.expectSame(try TempFile.write("latin1.gpx", try #require(latin1.data(using: .isoLatin1))))
        #expect(latin1Outcome.elements.contains(.name("Café")))

        let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
        let utf16Outcome = Self.expectSame(try TempFile.write("utf16.gpx", try #require(utf16.data(using: .utf16))))
        // <trk> and <trkseg> open and close (four segment ends) around one fix.
        #expect(utf16Outcome.elements.count == 5)
    }

    @Test func unreadablePathsFailTheSameWay() throws {
        let missing = Self.expectSame(URL(fileURLWithPath: "/nonexistent/run.gpx"))
        #expect(missing.error?.reason.hasPrefix("cannot open") == true)
        let directory = try TempFile.directory().appendingPathComponent("folder.gpx")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The one place the two differ on purpose: a failed read names the system's reason ("Is a
        // directory") where the general path's FileHandle gives "NSCocoaErrorDomain error 256".
        let general = Self.read(directory, engine: .general)
        let fast = Self.read(directory, engine: .fast)
        #expect(general.error?.reason.hasPrefix("read failed: ") == true)
        #expect(fast.error == FormatError(file: directory.path, reason: "read failed: Is a directory"))
        #expect(fast.elements.isEmpty && general.elements.isEmpty)
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

    @Test func documentsLongerThanTheReadChunkGiveTheSameElements() throws {
        let good = Self.longTrack() + "</trkseg></trk></gpx>\n"
        let outcome = Self.expectSame(try TempFile.write("long.gpx", good))
        #expect(outcome.elements.filter { if case .fix = $0 { true } else { false } }.count == 40_000)
        // Line and column after many chunks: counted again from the file when the error needs them.
        let broken = Self.longBrokenTrack()
        let brokenOutcome = Self.expectSame(try TempFile.write("long-broken.gpx", broken.text))
        #expect(brokenOutcome.error?.location == broken.location)
    }

    /// A pipe cannot be read again: its lines are counted as the buffer moves on, to the same place.
    @Test func linesAreCountedOnPipesToo() throws {
        let broken = Self.longBrokenTrack()
        let url = try TempFile.directory().appendingPathComponent("pipe.gpx")
        #expect(mkfifo(url.path, 0o600) == 0)
        let data = Data(broken.text.utf8)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: url.path) else { return }
            handle.write(data)
            try? handle.close()
        }
        writer.start()
        let outcome = Self.read(url, engine: .fast)
        #expect(outcome.error?.location == broken.location)
        #expect(outcome.elements.filter { if case .fix = $0 { true } else { false } }.count == 40_000)
    }

    @Test func randomDocumentsGiveTheSameElements() throws {
        var generator = SplitMix64(seed: 2026)
        let pieces = [
            "<trk>", "</trk>", "<trkseg>", "</trkseg>", "<trkseg/>", "<name>n</name>", "<type>t</type>", "\n", "  ",
            "<metadata><name>m</name></metadata>", "<rte>", "</rte>", "<!-- c -->", "<extensions><x>1</x></extensions>",
        ]
        for round in 0..<60 {
            var text = round % 2 == 0 ? Self.head : "<gpx>"
            for _ in 0..<(Int(generator.next() % 60) + 1) {
                let choice = generator.next() % 10
                if choice < 4 {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                } else {
                    let kind = ["trkpt", "rtept", "wpt"][Int(generator.next() % 3)]
                    let lat = String(Double(Int64(generator.next() % 2_000_000_000)) / 1e7 - 100)
                    let lon = String(format: "%.\(generator.next() % 12)f", Double(generator.next() % 3_600_000) / 1e4 - 180)
                    text += "<\(kind) lat=\"\(lat)\" lon=\"\(lon)\">"
                    if generator.next() % 2 == 0 { text += "<ele>\(Double(generator.next() % 100_000) / 100 - 400)</ele>" }
                    if generator.next() % 2 == 0 {
                        let seconds = Int(generator.next() % 2_000_000_000)
                        text += "<time>\(ISO8601Time.format(Date(timeIntervalSince1970: Double(seconds) + 0.5)))</time>"
                    }
                    if generator.next() % 4 == 0 { text += "<speed>\(generator.next() % 1000)e-2</speed><course>1.5</course>" }
                    if generator.next() % 4 == 0 { text += "<extensions><t:e><t:hr>\(generator.next() % 200)</t:hr></t:e></extensions>" }
                    if generator.next() % 4 == 0 { text += "<name>p\(generator.next() % 9)</name>" }
                    text += "</\(kind)>"
                    if generator.next() % 3 == 0 { text += "\n" }
                }
            }
            // Some documents end unbalanced on purpose: both engines must agree on that too.
            text += "</gpx>"
            Self.expectSame(try TempFile.write("random-\(round).gpx", text))
        }
    }

    /// Positions counted independently of either reader (Python: `b.index(target)`, newlines before it,
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
        let outcome = Self.expectSame(url)
        #expect(outcome.error == FormatError(file: url.path, location: location, reason: reason))
    }

    /// The oracle is the standard library's `Double(String)` (correctly rounded, strtod-based).
    @Test func fastDecimalsMatchDoubleFromString() {
        var generator = SplitMix64(seed: 99)
        var checked = 0
        for _ in 0..<400_000 {
            // Up to 19 significant digits (the exact path), and longer ones that are cut off.
            let digits = Int(generator.next() % 34) + 1
            var text = generator.next() % 2 == 0 ? "-" : ""
            for position in 0..<digits {
                text += String(generator.next() % 10)
                if position == Int(generator.next() % UInt64(digits)) && !text.contains(".") && position < digits - 1 {
                    text += "."
                }
            }
            if let fast = Self.fastDecimal(text) {
                checked += 1
                #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
        #expect(checked > 300_000)
    }

    /// Full-precision coordinates as tools write them (shortest round trip, and Garmin's exact
    /// decimal expansion of a semicircle), each with its neighbours one digit up and down.
    @Test func fastDecimalsMatchOnCoordinatesAndTies() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let degrees = Double(generator.next() % 360_000_000_000) / 1e9 - 180
            let semicircles = Int32(truncatingIfNeeded: generator.next())
            for text in ["\(degrees)", "\(Double(semicircles) * (180 / 2_147_483_648.0))",
                         String(format: "%.28f", Double(semicircles) * (180 / 2_147_483_648.0))] {
                if let fast = Self.fastDecimal(text) {
                    #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
                }
            }
        }
        // Exactly halfway between two doubles: ties go to the even one.
        for text in ["9007199254740993", "9007199254740995", "4503599627370496.5", "4503599627370497.5",
                     "-9007199254740993", "18014398509481986", "18014398509481990"] {
            #expect(Self.fastDecimal(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        // Cut off just above a tie, the two candidates differ: left to `Double(String)`.
        #expect(Self.fastDecimal("9007199254740993.0000000001") == nil)
        #expect(Self.fastDecimal("58.959173848852515") != nil)
    }

    private static func fastDecimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { FastDecimal.parse($0.baseAddress!, count: $0.count) }
    }
}

/// A small seeded generator (SplitMix64), so the random documents are the same on every run.
private struct SplitMix64: RandomNumberGenerator {
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
