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
        if depth > 0 {
            // Text in the buffer up to its `<` already (indentation, a value): found without a
            // library call, and kept as it stands when plain.
            var end = textStop(from: position, limit: count)
            let plain = end == count || base[end] == UInt8(ascii: "<")
            while end < count && base[end] != UInt8(ascii: "<") { end = textStop(from: end + 1, limit: count) }
            if end < count {
                if handler.collectsText {
                    if plain && rawText == nil && scratchCount == 0 {
                        rawText = position..<end
                    } else {
                        try appendText(position, end, expandingEntities: true)
                    }
                }
                position = end
                return
            }
        }
        let length = try find(UInt8(ascii: "<"), from: 0) ?? (count - position)
        let start = position
        let end = position + length
        if depth == 0 {
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
        if let close = closingOpenName(at: position + 2) {
            // `</name>` with the open element's name as written: what the careful way below
            // finds, in one comparison. The handler gets the name kept since the start tag.
            let open = openElements[depth - 1]
            let name = Name(start: openNames + open.localNameStart, count: open.nameEnd - open.localNameStart)
            return try endElement(&handler, start: position, name: name, close: close)
        }
        var start = position
        var nameStart = start + 2
        var nameEnd = nameStart
        while nameEnd < count, Self.isNameByte(base[nameEnd]) { nameEnd += 1 }
        let close: Int
        if nameEnd < count, base[nameEnd] == UInt8(ascii: ">") {
            close = nameEnd
        } else {
            guard let closeOffset = try find(UInt8(ascii: ">"), from: 0) else {
                throw syntaxError("a tag is not closed (expected >)", at: position)
            }
            // Reading on may have moved the buffer.
            start = position
            nameStart = start + 2
            close = position + closeOffset
            nameEnd = nameStart
            while nameEnd < close, Self.isNameByte(base[nameEnd]) { nameEnd += 1 }
            for index in nameEnd..<close where !Self.isSpace(base[index]) {
                throw syntaxError("a malformed end tag", at: start)
            }
        }
        guard depth > 0, closes(openName, with: nameStart..<nameEnd) else {
            throw syntaxError("an end tag does not match its start tag", at: start)
        }
        try endElement(&handler, start: start, name: localName(nameStart, nameEnd), close: close)
    }

    /// Where the end tag's name starting at `nameStart` ends when it is the open element's name
    /// as written, followed at once by `>`; nil otherwise, or when those bytes are not in the
    /// buffer yet. (The open name's bytes are all name bytes, so the name ends there.)
    @inline(__always)
    private func closingOpenName(at nameStart: Int) -> Int? {
        guard depth > 0 else { return nil }
        let open = openName
        let nameEnd = nameStart + open.count
        guard nameEnd < count, base[nameEnd] == UInt8(ascii: ">"), Self.sameBytes(openNames + open.lowerBound, base + nameStart, open.count)
        else { return nil }
        return nameEnd
    }

    /// Closes the open element, whose end tag at `start` (`>` at `close`) was checked, and hands
    /// it to the handler as `name`.
    @inline(__always)
    private mutating func endElement<Handler: XMLHandler>(_ handler: inout Handler, start: Int, name: Name, close: Int) throws(Failure) {
        openNamesCount = openNameStart
        depth -= 1
        try handEnd(&handler, start: start, name: name, close: close)
        if depth == learningDepth {
            learningDepth = -1
            handler.learn(UnsafeBufferPointer(start: base + learningStart, count: close + 1 - learningStart))
        }
    }

    /// Hands the handler the end of the element `name`, whose end tag starts at `start` (`>` at
    /// `close`), with the text collected since its start; its errors are placed at `start`.
    @inline(__always)
    mutating func handEnd<Handler: XMLHandler>(_ handler: inout Handler, start: Int, name: Name, close: Int) throws(Failure) {
        position = close + 1
        callbackPosition = start
        do {
            try handler.end(name, text: currentText)
        } catch {
            throw Failure(location: location(of: start), reason: error.reason)
        }
    }

    /// Whether the end tag's name at `name` in the buffer closes the open element's at `open` in `openNames`.
    @inline(__always)
    private func closes(_ open: Range<Int>, with name: Range<Int>) -> Bool {
        if open.count == name.count, Self.sameBytes(openNames + open.lowerBound, base + name.lowerBound, name.count) {
            return true
        }
        return closesAsText(open, with: name)
    }

    /// Names are compared as text at last: canonically equivalent spellings are the same name.
    private func closesAsText(_ open: Range<Int>, with name: Range<Int>) -> Bool {
        String(decoding: UnsafeBufferPointer(start: openNames + open.lowerBound, count: open.count), as: UTF8.self)
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
        // A sibling's start ends the learning of the element before it, however that one ended.
        if depth == learningDepth { learningDepth = -1 }
        switch handler.repeatElement(base + position, count: count - position, depth: depth) {
        case .took(let length):
            position += length
            clearText()
            return
        case .learn:
            (learningDepth, learningStart) = (depth, position)
        case .none:
            break
        }
        if let tag = plainStartTag() {
            if !tag.selfClosing, let leaf = leaf(after: tag) {
                try reportLeaf(tag, leaf, &handler)
            } else {
                try report(tag, &handler)
            }
            return
        }
        guard let closeOffset = try findTagEnd() else { throw syntaxError("a tag is not closed (expected >)", at: position) }
        let start = position
        let close = position + closeOffset
        if depth == 0 && sawRoot { throw syntaxError("content after the end of the document", at: start) }
        let name = scanName(from: start + 1, limit: close)
        var index = name.end
        guard name.end > start + 1 else { throw syntaxError("a tag name is missing or malformed", at: start) }
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
            index = scanName(from: index, limit: close).end
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
        try report(
            ScannedTag(start: start, nameEnd: name.end, localNameStart: name.localStart, close: close, selfClosing: selfClosing), &handler)
    }

    /// Where a scanned start tag's parts are in the buffer.
    struct ScannedTag {
        var start: Int
        var nameEnd: Int
        var localNameStart: Int
        var close: Int
        var selfClosing: Bool
    }

    /// One pass over a start tag inside the root that is in the buffer already, with
    /// `name="value"` attributes whose values need no decoding (no reference, ASCII only); nil,
    /// having changed nothing that matters, for anything else, which `startTag` then scans the
    /// careful way. On such tags both find the same `>`: no quote or `<` can appear outside values.
    @inline(__always)
    private mutating func plainStartTag() -> ScannedTag? {
        guard depth > 0 else { return nil }
        let bytes = base
        let limit = count
        let start = position
        let name = scanName(from: start + 1, limit: limit)
        var index = name.end
        guard name.end > start + 1 else { return nil }
        attributeCount = 0
        while true {
            guard index < limit else { return nil }
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                return ScannedTag(start: start, nameEnd: name.end, localNameStart: name.localStart, close: index, selfClosing: false)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < limit, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
                return ScannedTag(start: start, nameEnd: name.end, localNameStart: name.localStart, close: index + 1, selfClosing: true)
            }
            let attributeStart = index
            index = scanName(from: index, limit: limit).end
            let attributeEnd = index
            guard attributeEnd > attributeStart, index + 1 < limit, bytes[index] == UInt8(ascii: "=") else { return nil }
            let quote = bytes[index + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            let valueStart = index + 2
            // A reference or a multi-byte character before the closing quote: not plain.
            let valueEnd = valueStop(from: valueStart, limit: limit, quote: quote)
            guard valueEnd < limit, bytes[valueEnd] == quote else { return nil }
            reserveAttribute()
            (attributes + attributeCount).initialize(
                to: Attribute(name: attributeStart..<attributeEnd, value: valueStart..<valueEnd, decoded: false))
            attributeCount += 1
            index = valueEnd + 1
        }
    }

    /// Hands a scanned start tag (and, for `<a/>`, its end) to the handler.
    @inline(__always)
    private mutating func report<Handler: XMLHandler>(_ tag: ScannedTag, _ handler: inout Handler) throws(Failure) {
        let start = tag.start
        let selfClosing = tag.selfClosing
        sawRoot = true
        position = tag.close + 1
        callbackPosition = start
        let name = Name(start: base + tag.localNameStart, count: tag.nameEnd - tag.localNameStart)
        if !selfClosing { pushOpenName(start + 1, tag.nameEnd - start - 1, prefixLength: tag.localNameStart - start - 1) }
        try handStart(tag, name, &handler)
        if selfClosing { try handEnd(&handler, start: start, name: name, close: tag.close) }
    }

    /// Hands the handler the start of the element `name` with the scanned tag's attributes; its
    /// errors are placed at the tag. The text collected for the element starts empty.
    @inline(__always)
    mutating func handStart<Handler: XMLHandler>(_ tag: ScannedTag, _ name: Name, _ handler: inout Handler) throws(Failure) {
        rawText = nil
        do {
            try handler.start(name, attributes: Attributes(base: base, scratch: scratch, list: attributes, count: attributeCount))
        } catch {
            throw Failure(location: location(of: tag.start), reason: error.reason)
        }
        scratchCount = 0
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
}
