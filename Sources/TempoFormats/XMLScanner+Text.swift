import Foundation

/// The text the scanner collects for its handler.
extension XMLScanner {
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
    mutating func appendText(_ start: Int, _ end: Int, expandingEntities: Bool) throws(Failure) {
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
    func decoded(_ start: Int, _ end: Int) throws(Failure) -> String {
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
