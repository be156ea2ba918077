/// What one XML format makes of the elements `XMLScanner` finds: GPX (`GPXParser`) and TCX
/// (`TCXParser`) each have one.
///
/// The scanner calls `start` at each start tag and `end` at each end tag (both for `<a/>`), with
/// local names (namespace prefix removed). Text is kept only while `collectsText` is true, is
/// cleared at every start tag, and reaches `end` as it stands then. Names, attributes and text
/// are views of the scanner's buffer, valid only during the call. A handler that throws stops
/// the scan; the error gets the place of the tag being handled.
protocol XMLHandler {
    /// Whether text met now belongs to a value the handler will read at an end tag.
    var collectsText: Bool { get }
    /// A start tag, with its attributes.
    mutating func start(_ name: XMLScanner.Name, attributes: XMLScanner.Attributes) throws(XMLContentError)
    /// An end tag, with the text collected since the last start tag.
    mutating func end(_ name: XMLScanner.Name, text: XMLScanner.Text) throws(XMLContentError)
    /// Offered at each start tag, `count` bytes of the buffer from its `<` at `bytes`, with `depth`
    /// elements open: a handler that knows how elements like this one are written may take the
    /// whole element in one step, exactly as reading it token by token would have given it to it.
    mutating func repeatElement(_ bytes: UnsafePointer<UInt8>, count: Int, depth: Int) -> XMLRepeat
    /// The bytes of the element last answered `.learn`, once it was read to its end tag (not
    /// called when the buffer was read into meanwhile, which may have moved it).
    mutating func learn(_ element: UnsafeBufferPointer<UInt8>)
}

/// What a handler makes of an element offered to `XMLHandler.repeatElement`.
enum XMLRepeat {
    /// Nothing: the scanner reads it token by token.
    case none
    /// The handler took the element, `length` bytes from its `<` to its end tag's `>`.
    case took(length: Int)
    /// The scanner reads it token by token, then hands its bytes to `XMLHandler.learn`.
    case learn
}

extension XMLHandler {
    func repeatElement(_ bytes: UnsafePointer<UInt8>, count: Int, depth: Int) -> XMLRepeat { .none }
    func learn(_ element: UnsafeBufferPointer<UInt8>) {}
}

/// A document that is well-formed XML but not a valid activity: a value that is not a number or
/// a time, a point without coordinates.
struct XMLContentError: Error, Equatable {
    /// What is wrong, for a person.
    var reason: String

    /// `text` is not a number, in the element (or "element attribute") named `place`.
    static func notANumber(_ text: String, in place: String) -> XMLContentError {
        XMLContentError(reason: "\(quoted(text)) is not a number in <\(place)>")
    }

    /// `text` is not an ISO 8601 instant, in the element (or "element attribute") named `place`.
    static func notATime(_ text: String, in place: String) -> XMLContentError {
        XMLContentError(reason: "\(quoted(text)) is not an ISO 8601 time in <\(place)>")
    }

    /// Text quoted for a message, cut after 40 characters.
    private static func quoted(_ text: String) -> String {
        "\"" + (text.count > maximumQuotedCharacters ? text.prefix(maximumQuotedCharacters) + "…" : text) + "\""
    }

    private static let maximumQuotedCharacters = 40
}
