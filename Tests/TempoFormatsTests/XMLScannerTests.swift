import Foundation
@testable import TempoFormats
import TempoKit
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `XMLScanner` against Foundation's `XMLParser` (libxml2) as the oracle: the same start and end
/// tags, attributes and text, event by event.
@Suite struct XMLScannerTests {
    /// Records every event as a line; collects all text.
    private struct Recorder: XMLHandler {
        var events: [String] = []
        var collectsText: Bool { true }

        mutating func start(_ name: XMLScanner.Name, attributes: XMLScanner.Attributes) {
            let known = XMLOracle.attributeNames.compactMap { key in attributes[key].map { "\(key)=\($0.string)" } }
            events.append("start \(name.string) \(known.joined(separator: " "))")
        }

        mutating func end(_ name: XMLScanner.Name, text: XMLScanner.Text) {
            events.append("end \(name.string) \(text.trimmed)")
        }
    }

    /// The same lines from libxml2.
    private final class XMLOracle: NSObject, XMLParserDelegate {
        static let attributeNames: [StaticString] = ["lat", "lon", "version", "creator", "Sport", "StartTime"]
        var events: [String] = []
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            text = ""
            let known = Self.attributeNames.compactMap { key in attributeDict["\(key)"].map { "\(key)=\($0)" } }
            events.append("start \(elementName) \(known.joined(separator: " "))")
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            let trimmed = text.trimmingCharacters(in: .init(charactersIn: " \n\r\t"))
            events.append("end \(elementName) \(trimmed)")
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    private func scanned(_ url: URL) throws -> [String] {
        var recorder = Recorder()
        try XMLScanner.scan(url, into: &recorder)
        return recorder.events
    }

    private func oracle(_ url: URL) throws -> [String] {
        let parser = try #require(XMLParser(contentsOf: url))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let oracle = XMLOracle()
        parser.delegate = oracle
        #expect(parser.parse())
        return oracle.events
    }

    @Test(arguments: [
        "hike-4tracks.gpx", "hike-8tracks.gpx", "hike-8tracks-no-elevation.gpx", "hike-8tracks-no-times.gpx",
        "empty-segment.gpx", "unicode-bom.gpx", "run-3laps.tcx",
    ])
    func scannerAgreesWithXMLParser(file: String) throws {
        let url = Fixtures.url(file)
        #expect(try scanned(url) == oracle(url))
    }

    /// Documents written every way `GeneratedGPX` knows (quotes, white space, prefixes, comments,
    /// CDATA, references, names of every length up to 24 bytes).
    @Test(arguments: 0..<80 as Range<UInt64>)
    func scannerAgreesWithXMLParserOnGeneratedDocuments(seed: UInt64) throws {
        let url = try TempFile.write("generated.gpx", GeneratedGPX(seed: seed, points: 40).text)
        #expect(try scanned(url) == oracle(url))
    }

    /// A leaf (`<ele>12</ele>`) is handed to the reader in one step; the same document with every
    /// end tag written `</ele >` is scanned token by token. Both read the same activity, and a bad
    /// value the same error at the same place (the end tag's `<`, where the space changes nothing).
    @Test(arguments: 0..<40 as Range<UInt64>)
    func leavesReadAsTheirTokensWould(seed: UInt64) throws {
        let bad = seed % 2 == 0 ? Int(seed % 37) : nil
        let text = GeneratedGPX(seed: seed, points: 40, badAltitudeIndex: bad).text
        let tokens = text.replacing(/<\/([^>\s]+)>/) { "</\($0.1) >" }
        #expect(tokens != text)
        let leaves = try TempFile.write("leaves.gpx", text), split = try TempFile.write("tokens.gpx", tokens)
        guard bad != nil else {
            #expect(try ActivityFile.read(leaves) == ActivityFile.read(split))
            return
        }
        let leafError = try #require(throws: FormatError.self) { try ActivityFile.read(leaves) }
        let tokenError = try #require(throws: FormatError.self) { try ActivityFile.read(split) }
        #expect(leafError.reason == tokenError.reason)
        #expect(leafError.location == tokenError.location)
    }

    @Test func commentsCDATAEntitiesDoctypeAndQuotedBrackets() throws {
        let url = try TempFile.write("edge.gpx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE gpx [ <!ELEMENT gpx ANY> ]>
            <!-- a comment with <trkpt lat="9" lon="9"/> inside -->
            <gpx version="1.1" creator="a &gt; b" xmlns="http://www.topografix.com/GPX/1/1">
             <metadata><name><![CDATA[Run <1> & more]]></name></metadata>
             <trk><name>Tom &amp; Jerry &#233;&#x263A;</name><trkseg>
              <trkpt lat='1.5' lon="2.5"><!-- c --><ele> 10 </ele></trkpt>
             </trkseg></trk>
            </gpx>
            """)
        #expect(try scanned(url) == oracle(url))
        let activity = try ActivityFile.read(url)
        #expect(activity.name == "Run <1> & more")
        #expect(activity.pointCount == 1)
        #expect(activity.allFixes.first?.altitudeMeters == 10)
    }

    @Test func otherEncodingsAreTranscodedFirst() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx><trk><name>Caf".utf8)
        data.append(0xE9)  // é in Latin-1
        data.append(contentsOf: Array("</name><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8))
        let url = try TempFile.write("latin1.gpx", data)
        let activity = try ActivityFile.read(url)
        #expect(activity.name == "Café")
        #expect(activity.pointCount == 1)
    }

    @Test(arguments: [
        ("<gpx><trk></gpx>", "an end tag does not match its start tag", "line 1, column 11"),
        ("<gpx><trk>", "the document ends too early", nil),
        ("<gpx a=1/>", "a malformed attribute", "line 1, column 8"),
        ("<gpx/>\n<gpx/>", "content after the end of the document", "line 2, column 1"),
        // Entities are checked in the text the readers use (not in text they skip).
        ("<gpx>\n  <trk><name>&bogus;</name></trk></gpx>", "a bad entity reference", "line 2, column 14"),
    ] as [(String, String, String?)])
    func syntaxErrorsNameTheirPlace(text: String, reason: String, location: String?) throws {
        let url = try TempFile.write("bad.gpx", text)
        let error = try #require(throws: FormatError.self) { try ActivityFile.read(url) }
        #expect(error.reason == "malformed XML: \(reason)")
        if let location { #expect(error.location == location) }
    }

    @Test func errorsAfterManyChunksCountLinesAcrossChunks() throws {
        // More than one 1 MiB read: the line number must include lines in chunks already dropped.
        var text = "<gpx><trk><trkseg>\n"
        for index in 0..<30_000 { text += "<trkpt lat=\"1.\(index)\" lon=\"2\"><ele>1</ele></trkpt>\n" }
        text += "<trkpt lat=\"1\" lon=\"2\"><ele>x</ele></trkpt>\n</trkseg></trk></gpx>\n"
        #expect(text.utf8.count > 1 << 20)
        let url = try TempFile.write("long.gpx", text)
        let error = try #require(throws: FormatError.self) { try ActivityFile.read(url) }
        #expect(error.location == "line 30002, column 30")  // the </ele> that closes the bad value
    }
}
