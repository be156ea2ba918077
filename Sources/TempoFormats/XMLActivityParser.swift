import Foundation
import TempoKit

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The common part of the XML readers: runs a streaming `XMLParser` over a file, collects
/// element text, and turns parser and content errors into `FormatError`s with line and column.
///
/// Subclasses override `start`/`end`. A class because `XMLParserDelegate` requires one; it lives
/// only for one `parse()` call on one thread.
class XMLActivityParser: NSObject, XMLParserDelegate {
    let file: String
    let visit: (ActivityElement) -> Void
    private(set) var failure: FormatError?
    private weak var parser: XMLParser?
    /// Text of the innermost element, collected only while `collectingText` is set.
    var text = ""
    var collectingText = false

    init(file: String, visit: @escaping (ActivityElement) -> Void) {
        self.file = file
        self.visit = visit
    }

    /// Called at each start tag with the element's local name (namespace prefix removed).
    func start(_ name: String, attributes: XMLAttributes) {}
    /// Called at each end tag with the element's local name; `text` holds its text if collected.
    func end(_ name: String) {}

    /// Parses the whole file with `XMLScanner`: UTF-8 documents streamed from disk, documents in
    /// other encodings read whole and transcoded to UTF-8 first (`XMLTranscoder`).
    func run(_ url: URL) throws(FormatError) {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw FormatError(file: file, reason: "cannot open: \(ActivityFile.describe(error))")
        }
        defer { try? handle.close() }
        var scanner = XMLScanner { try handle.read(upToCount: 1 << 20).map { [UInt8]($0) } ?? [] }
        do {
            try scan(&scanner)
            return
        } catch let error as FormatError {
            throw error
        } catch is XMLScanner.NeedsFullParser {
            // Read again from the start, whole, to decode it.
        } catch {
            throw FormatError(file: file, reason: "read failed: \(ActivityFile.describe(error))")
        }
        let document: [UInt8]
        do {
            document = try XMLTranscoder.utf8(Data(contentsOf: url))
        } catch let error as XMLTranscoder.Failure {
            throw FormatError(file: file, reason: error.reason)
        } catch {
            throw FormatError(file: file, reason: "read failed: \(ActivityFile.describe(error))")
        }
        var transcoded = XMLScanner(transcoded: document)
        do {
            try scan(&transcoded)
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(file: file, reason: "read failed: \(ActivityFile.describe(error))")
        }
    }

    /// Runs `scanner` over the document with this parser as its handler; syntax and content errors
    /// become `FormatError`s with their place, `NeedsFullParser` and read errors are rethrown.
    private func scan(_ scanner: inout XMLScanner) throws {
        scanning = true
        defer { scanning = false }
        do {
            try scanner.run(self)
        } catch let error as XMLScanner.SyntaxError {
            throw FormatError(file: file, location: scanner.location(of: error.position), reason: "malformed XML: \(error.reason)")
        }
        if let failure { throw failure }
    }

    /// Parses with Foundation's `XMLParser` (libxml2): the oracle `XMLScannerTests` hold the
    /// scanner to. Not used to read files: it traps on names libxml2 passes on undecoded.
    func runXMLParser(_ url: URL) throws(FormatError) {
        guard let stream = InputStream(url: url) else {
            throw FormatError(file: file, reason: "cannot read the file")
        }
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        self.parser = parser
        let ok = parser.parse()
        if let failure { throw failure }
        if !ok {
            throw FormatError(file: file, location: location, reason: "malformed XML")
        }
    }

    /// "line L, column C" of the parser's current position.
    var location: String {
        guard let parser else { return "line ?" }
        return "line \(parser.lineNumber), column \(parser.columnNumber)"
    }

    /// Stops parsing with a content error at the current position.
    func fail(_ reason: String) {
        // While scanning, the scanner adds the location once the callback returns.
        if failure == nil { failure = FormatError(file: file, location: scanning ? nil : location, reason: reason) }
        parser?.abortParsing()
    }

    /// Whether a content error stopped the parse.
    var hasFailed: Bool { failure != nil }

    /// Sets the location of a content error reported while scanning.
    func setFailureLocation(_ location: String) {
        if failure != nil, failure?.location == nil { failure?.location = location }
    }

    private var scanning = false

    /// The collected text as a number, or a recorded failure naming the element.
    func number(in element: String) -> Double? {
        number(text, in: element)
    }

    /// `value` as a number, or a recorded failure naming where it came from.
    func number(_ value: String, in element: String) -> Double? {
        let trimmed = Self.trimmed(value)
        guard let number = Double(trimmed), number.isFinite else {
            fail("\(Self.quoted(String(trimmed))) is not a number in <\(element)>")
            return nil
        }
        return number
    }

    /// `text` without leading and trailing ASCII whitespace (Foundation's trimming is slow on Linux;
    /// this works on UTF-8 bytes, so it never splits a character: whitespace bytes are ASCII).
    static func trimmed(_ text: String) -> Substring {
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return text[first...last]
    }

    /// The collected text as an instant, or a recorded failure naming the element.
    func time(in element: String) -> Date? {
        guard let date = ISO8601Time.parse(text) else {
            fail("\(Self.quoted(String(Self.trimmed(text)))) is not an ISO 8601 time in <\(element)>")
            return nil
        }
        return date
    }

    static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        text = ""
        start(Self.localName(elementName), attributes: XMLAttributes(pairs: attributeDict.map { ($0.key, $0.value) }))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        end(Self.localName(elementName))
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collectingText { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if collectingText { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        failure = FormatError(file: file, location: location, reason: "malformed XML: \(Self.describe(code: code))")
    }

    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// libxml2's error numbers, which `XMLParser` passes through as its error codes.
    private static func describe(code: Int) -> String {
        switch code {
        case 76: "an end tag does not match its start tag"
        case 5: "the document ends too early (or has extra content after its end)"
        case 3: "no XML document at the start"
        case 77: "a tag is not finished"
        case 4: "the document is empty"
        case 64: "an XML declaration that is not at the start"
        case 73: "a tag is not closed (expected >)"
        case 38, 39, 40, 41: "a malformed attribute"
        case 26, 27, 89: "a bad entity reference"
        case 9: "an invalid character"
        case 86: "content after the end of the document"
        case 85: "elements are not properly nested"
        case 68: "a tag name is missing or malformed"
        default: "XML error \(code)"
        }
    }
}
