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
    func start(_ name: String, attributes: [String: String]) {}
    /// Called at each end tag with the element's local name; `text` holds its text if collected.
    func end(_ name: String) {}

    /// Parses the whole file, streaming it from disk.
    func run(_ url: URL) throws(FormatError) {
        guard FileManager.default.isReadableFile(atPath: url.path), let stream = InputStream(url: url) else {
            throw FormatError(file: file, reason: FileManager.default.fileExists(atPath: url.path)
                ? "cannot read the file" : "no such file")
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
        if failure == nil { failure = FormatError(file: file, location: location, reason: reason) }
        parser?.abortParsing()
    }

    /// The collected text as a number, or a recorded failure naming the element.
    func number(in element: String) -> Double? {
        number(text, in: element)
    }

    /// `value` as a number, or a recorded failure naming where it came from.
    func number(_ value: String, in element: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let number = Double(trimmed), number.isFinite else {
            fail("\(Self.quoted(trimmed)) is not a number in <\(element)>")
            return nil
        }
        return number
    }

    /// The collected text as an instant, or a recorded failure naming the element.
    func time(in element: String) -> Date? {
        guard let date = ISO8601Time.parse(text) else {
            fail("\(Self.quoted(text.trimmingCharacters(in: .whitespacesAndNewlines))) is not an ISO 8601 time in <\(element)>")
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
        start(Self.localName(elementName), attributes: attributeDict)
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

    private static func describe(code: Int) -> String {
        switch XMLParser.ErrorCode(rawValue: code) {
        case .tagNameMismatchError?: "an end tag does not match its start tag"
        case .prematureDocumentEndError?: "the document ends too early"
        case .emptyDocumentError?: "the document is empty"
        case .documentStartError?: "no XML document at the start"
        case .ltRequiredError?, .gtRequiredError?: "a tag is not closed"
        case .attributeNotStartedError?, .attributeNotFinishedError?:
            "a malformed attribute"
        case .entityRefLoopError?, .entityReferenceWithoutNameError?, .entityRefAtEOFError?, .undeclaredEntityError?:
            "a bad entity reference"
        case .invalidCharacterError?: "an invalid character"
        case .extraContentError?: "content after the end of the document"
        case .notWellBalancedError?: "elements are not properly nested"
        default: "XML error \(code)"
        }
    }
}
