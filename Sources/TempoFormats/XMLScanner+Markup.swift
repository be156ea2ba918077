import Foundation

extension XMLScanner {
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// Bytes below `?` that end a name: the XML delimiters `> / = < " '` and white space.
    private static var nameEndBytes: UInt64 {
        1 << 0x3E | 1 << 0x2F | 1 << 0x3D | 1 << 0x3C | 1 << 0x22 | 1 << 0x27 | 1 << 0x20 | 1 << 0x0A | 1 << 0x0D | 1 << 0x09
    }

    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte > UInt8(ascii: ">") || (nameEndBytes >> UInt64(byte)) & 1 == 0
    }

    /// Text between tags: kept when the handler collects it; outside the root only white space.
    mutating func text<Handler: XMLHandler>(_ handler: inout Handler) throws(Failure) {
        let length = try find(UInt8(ascii: "<"), from: 0) ?? (count - position)
        let start = position
        let end = position + length
        if openNameEnds.isEmpty {
            for index in start..<end where !Self.isSpace(base[index]) {
                throw syntaxError(sawRoot ? "content after the end of the document" : "text before the root element", at: start)
            }
        } else if handler.collectsText {
            try appendText(start, end, expandingEntities: true)
        }
        position = end
    }

    mutating func markup<Handler: XMLHandler>(_ handler: inout Handler) throws(Failure) {
        guard try fill(2) else { throw syntaxError("the document ends too early", at: position) }
        switch base[position + 1] {
        case UInt8(ascii: "?"):
            guard let end = try find("?>", from: 2) else {
                throw syntaxError("an unterminated processing instruction", at: position)
            }
            position += end
        case UInt8(ascii: "!"):
            try declarationOrComment(&handler)
        case UInt8(ascii: "/"):
            try endTag(&handler)
        default:
            try startTag(&handler)
        }
    }

    private mutating func endTag<Handler: XMLHandler>(_ handler: inout Handler) throws(Failure) {
        guard let closeOffset = try find(UInt8(ascii: ">"), from: 0) else {
            throw syntaxError("a tag is not closed (expected >)", at: position)
        }
        let start = position
        let close = position + closeOffset
        let nameStart = start + 2
        var nameEnd = nameStart
        while nameEnd < close, Self.isNameByte(base[nameEnd]) { nameEnd += 1 }
        for index in nameEnd..<close where !Self.isSpace(base[index]) {
            throw syntaxError("a malformed end tag", at: start)
        }
        guard let openEnd = openNameEnds.last else { throw syntaxError("an end tag does not match its start tag", at: start) }
        let openStart = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
        guard closes(openStart..<openEnd, with: nameStart..<nameEnd) else {
            throw syntaxError("an end tag does not match its start tag", at: start)
        }
        openNameEnds.removeLast()
        openNames.removeSubrange(openStart...)
        position = close + 1
        callbackPosition = start
        do {
            try handler.end(localName(nameStart, nameEnd), text: currentText)
        } catch {
            throw Failure(location: location(of: start), reason: error.reason)
        }
    }

    /// Whether the end tag's name at `name` in the buffer closes the open element's at `open` in `openNames`.
    private func closes(_ open: Range<Int>, with name: Range<Int>) -> Bool {
        if open.count == name.count, openNames[open].elementsEqual(UnsafeBufferPointer(start: base + name.lowerBound, count: name.count)) {
            return true
        }
        // Names are compared as text: canonically equivalent spellings are the same name.
        return String(decoding: openNames[open], as: UTF8.self)
            == String(decoding: UnsafeBufferPointer(start: base + name.lowerBound, count: name.count), as: UTF8.self)
    }

    private mutating func declarationOrComment<Handler: XMLHandler>(_ handler: inout Handler) throws(Failure) {
        if try fill(4), starts(with: "<!--", at: position) {
            guard let end = try find("-->", from: 4) else { throw syntaxError("an unterminated comment", at: position) }
            position += end
        } else if try fill(9), starts(with: "<![CDATA[", at: position) {
            guard let end = try find("]]>", from: 9) else { throw syntaxError("an unterminated CDATA section", at: position) }
            if handler.collectsText { try appendText(position + 9, position + end - 3, expandingEntities: false) }
            position += end
        } else {
            // <!DOCTYPE …> possibly with an internal subset in brackets.
            var depth = 0
            var offset = 2
            while true {
                guard try fill(offset + 1) else { throw syntaxError("an unterminated declaration", at: position) }
                let byte = base[position + offset]
                if byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "]") { depth -= 1 }
                if byte == UInt8(ascii: ">") && depth <= 0 { break }
                offset += 1
            }
            position += offset + 1
        }
    }

    private mutating func startTag<Handler: XMLHandler>(_ handler: inout Handler) throws(Failure) {
        guard let closeOffset = try findTagEnd() else { throw syntaxError("a tag is not closed (expected >)", at: position) }
        let start = position
        let close = position + closeOffset
        if openNameEnds.isEmpty && sawRoot { throw syntaxError("content after the end of the document", at: start) }
        var index = start + 1
        while index < close, Self.isNameByte(base[index]) { index += 1 }
        let nameEnd = index
        guard nameEnd > start + 1 else { throw syntaxError("a tag name is missing or malformed", at: start) }
        clearText()
        attributeCount = 0
        var selfClosing = false
        while true {
            while index < close, Self.isSpace(base[index]) { index += 1 }
            if index >= close { break }
            if base[index] == UInt8(ascii: "/") {
                guard index == close - 1 else { throw syntaxError("a malformed attribute", at: index) }
                selfClosing = true
                break
            }
            let attributeStart = index
            while index < close, Self.isNameByte(base[index]) { index += 1 }
            let attributeEnd = index
            while index < close, Self.isSpace(base[index]) { index += 1 }
            guard attributeEnd > attributeStart, index < close, base[index] == UInt8(ascii: "=") else {
                throw syntaxError("a malformed attribute", at: attributeStart)
            }
            index += 1
            while index < close, Self.isSpace(base[index]) { index += 1 }
            guard index < close, base[index] == UInt8(ascii: "\"") || base[index] == UInt8(ascii: "'") else {
                throw syntaxError("a malformed attribute", at: index)
            }
            let quote = base[index]
            let valueStart = index + 1
            var valueEnd = valueStart
            var plain = true
            while valueEnd < close, base[valueEnd] != quote {
                if base[valueEnd] == UInt8(ascii: "&") || base[valueEnd] >= 0x80 { plain = false }
                valueEnd += 1
            }
            guard valueEnd < close else { throw syntaxError("a malformed attribute", at: index) }
            reserveAttribute()
            var value = valueStart..<valueEnd
            if !plain {
                // Decoded once into `scratch`, every value: a bad reference anywhere is an error.
                let decodedStart = scratchCount
                appendToScratch(try decoded(valueStart, valueEnd))
                value = decodedStart..<scratchCount
            }
            (attributes + attributeCount).initialize(to: Attribute(name: attributeStart..<attributeEnd, value: value, decoded: !plain))
            attributeCount += 1
            index = valueEnd + 1
        }
        sawRoot = true
        position = close + 1
        callbackPosition = start
        let name = localName(start + 1, nameEnd)
        if !selfClosing { openNames.append(contentsOf: UnsafeBufferPointer(start: base + start + 1, count: nameEnd - start - 1)) }
        if !selfClosing { openNameEnds.append(openNames.count) }
        do {
            try handler.start(name, attributes: Attributes(base: base, scratch: scratch, list: attributes, count: attributeCount))
            scratchCount = 0
            if selfClosing { try handler.end(name, text: currentText) }
        } catch {
            throw Failure(location: location(of: start), reason: error.reason)
        }
    }

    private static let tagSpecialBytes: UInt64 = 1 << 0x22 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E

    /// The offset of the `>` ending the start tag at `position`, skipping `>` in quoted values;
    /// nil when a `<` or the end of the input comes first.
    private mutating func findTagEnd() throws(Failure) -> Int? {
        var index = 1
        var quote: UInt8 = 0
        while true {
            if position + index >= count {
                guard try fill(index + 1) else { return nil }
            }
            let limit = count - position
            let bytes = base + position
            while index < limit {
                let byte = bytes[index]
                // Only `"`, `'`, `<` and `>` (all below 64) matter outside a value.
                if quote == 0, byte >= 64 || (Self.tagSpecialBytes >> UInt64(byte)) & 1 == 0 {
                    index += 1
                    continue
                }
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return index
                } else if byte == UInt8(ascii: "<") {
                    return nil
                }
                index += 1
            }
        }
    }

    /// The name between `start` and `end` in the buffer without its namespace prefix.
    @inline(__always)
    private func localName(_ start: Int, _ end: Int) -> Name {
        var first = start
        var index = end - 1
        while index >= start {
            if base[index] == UInt8(ascii: ":") {
                first = index + 1
                break
            }
            index -= 1
        }
        return Name(start: base + first, count: end - first)
    }

    // MARK: Text

    /// The text collected since the last start tag.
    var currentText: Text {
        if let rawText { return Text(bytes: UnsafeBufferPointer(start: base + rawText.lowerBound, count: rawText.count)) }
        return Text(bytes: UnsafeBufferPointer(start: scratch, count: scratchCount))
    }

    mutating func clearText() {
        rawText = nil
        scratchCount = 0
    }

    /// Moves text kept as a range of the buffer into `scratch`, before the buffer moves.
    mutating func keepText() {
        guard let raw = rawText else { return }
        rawText = nil
        appendToScratch(base + raw.lowerBound, raw.count)
    }

    /// Appends the bytes from `start` to `end` to the text as a piece of its own: references
    /// expanded when asked, bytes that are not UTF-8 replaced (U+FFFD) within the piece.
    private mutating func appendText(_ start: Int, _ end: Int, expandingEntities: Bool) throws(Failure) {
        var plain = true
        for index in start..<end where base[index] >= 0x80 || (expandingEntities && base[index] == UInt8(ascii: "&")) {
            plain = false
            break
        }
        if plain && rawText == nil && scratchCount == 0 {
            rawText = start..<end
            return
        }
        keepText()
        if plain {
            appendToScratch(base + start, end - start)
        } else if expandingEntities {
            appendToScratch(try decoded(start, end))
        } else {
            appendToScratch(String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
        }
    }

    /// The bytes from `start` to `end` as text, entity and character references expanded.
    private func decoded(_ start: Int, _ end: Int) throws(Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = base[index]
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                index += 1
                continue
            }
            var semicolon = index
            while semicolon < end, base[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < end else { throw syntaxError("a bad entity reference", at: index) }
            let entity = String(decoding: UnsafeBufferPointer(start: base + index + 1, count: semicolon - index - 1), as: UTF8.self)
            guard Self.appendExpansion(of: entity, to: &out) else { throw syntaxError("a bad entity reference", at: index) }
            index = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of a predefined entity (`lt`, `amp`, …) or a character reference
    /// (`#38`, `#x26`) named by `entity` (the text between `&` and `;`); false when it is neither.
    private static func appendExpansion(of entity: String, to out: inout [UInt8]) -> Bool {
        switch entity {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        default:
            let scalar: UInt32?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                scalar = UInt32(entity.dropFirst(2), radix: 16)
            } else if entity.hasPrefix("#") {
                scalar = UInt32(entity.dropFirst())
            } else {
                scalar = nil
            }
            guard let scalar, let unicode = Unicode.Scalar(scalar) else { return false }
            out += Array(String(Character(unicode)).utf8)
        }
        return true
    }
}
