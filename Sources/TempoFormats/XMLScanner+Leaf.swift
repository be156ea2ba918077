extension XMLScanner {
    /// Where a leaf element's plain text ends (at its end tag's `<`) and where its end tag's `>` is.
    struct Leaf {
        var textEnd: Int
        var close: Int
    }

    /// The element whose start tag was just scanned, when it is a leaf already in the buffer:
    /// plain text (no reference, no markup, ASCII only) and then at once its end tag, `</` and
    /// the same qualified name and `>`, as a track point's `<ele>`, `<time>` and `<hr>` are
    /// written. nil for anything else, which is scanned token by token.
    @inline(__always)
    func leaf(after tag: ScannedTag) -> Leaf? {
        let textEnd = textStop(from: tag.close + 1, limit: count)
        let nameStart = tag.start + 1, nameLength = tag.nameEnd - nameStart
        let close = textEnd + 2 + nameLength
        guard close < count, base[textEnd] == UInt8(ascii: "<"), base[textEnd + 1] == UInt8(ascii: "/"),
            base[close] == UInt8(ascii: ">"), Self.sameBytes(base + nameStart, base + textEnd + 2, nameLength)
        else { return nil }
        return Leaf(textEnd: textEnd, close: close)
    }

    /// Hands a leaf element to the handler as its start tag, its text and its end tag would be,
    /// token by token (the same calls, text and error places, and the same text left collected
    /// after it), without opening it on the scanner's stack of elements.
    @inline(__always)
    mutating func reportLeaf<Handler: XMLHandler>(_ tag: ScannedTag, _ leaf: Leaf, _ handler: inout Handler) throws(Failure) {
        let name = Name(start: base + tag.localNameStart, count: tag.nameEnd - tag.localNameStart)
        sawRoot = true
        callbackPosition = tag.start
        try handStart(tag, name, &handler)
        if handler.collectsText && leaf.textEnd > tag.close + 1 { rawText = tag.close + 1..<leaf.textEnd }
        try handEnd(&handler, start: leaf.textEnd, name: name, close: leaf.close)
    }
}
