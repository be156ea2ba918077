import Foundation
import TempoKit

/// The fast GPX reader: `XMLScanner`'s syntax rules and `GPXParser`'s element handling fused
/// into one byte-level pass, without a `String` per tag, attribute or text.
///
/// It must behave exactly like `GPXParser` driven by `XMLScanner` — same elements, same errors
/// at the same line and column (`GPXFastEquivalenceTests` compares them) — so each step below
/// mirrors the general path's step, in the same order. Element names are recognised by their
/// bytes, numbers and times are parsed from bytes, and the text of an element is kept only while
/// the general path would collect it. Documents in another encoding throw
/// `XMLScanner.NeedsFullParser` before any element is reported.
///
/// The buffer is manually allocated: call `deallocate()` when done.
struct GPXFastScanner {
    /// Names the GPX handler tells apart (local names, namespace prefix removed).
    enum Name: UInt8 {
        case other, trkpt, wpt, rtept, trk, trkseg, rte, metadata, name, type, ele, time, speed, course, hr, cad

        /// The element name as the general path spells it in messages.
        var text: String {
            switch self {
            case .other: "?"
            case .trkpt: "trkpt"
            case .wpt: "wpt"
            case .rtept: "rtept"
            case .trk: "trk"
            case .trkseg: "trkseg"
            case .rte: "rte"
            case .metadata: "metadata"
            case .name: "name"
            case .type: "type"
            case .ele: "ele"
            case .time: "time"
            case .speed: "speed"
            case .course: "course"
            case .hr: "hr"
            case .cad: "cad"
            }
        }
    }

    /// A failed `read(2)`.
    struct ReadError: Error {
        var code: Int32
    }

    private static let chunkSize = 1 << 20

    private let descriptor: Int32
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private var position = 0
    private var atEnd = false
    /// Where the buffer starts in the input: the bytes compaction dropped.
    private var droppedBytes = 0
    /// Lines and the column reached in the dropped bytes, when counted as they are dropped.
    private var droppedLines = 0
    private var droppedColumn = 0
    /// A regular file can be read again: its lines are counted only when an error needs them,
    /// not over every byte while scanning. Other inputs (pipes) count as the buffer is compacted.
    private let rereadable: Bool
    /// Qualified names of the open elements, concatenated; `openNameEnds` marks where each ends.
    private var openNames: UnsafeMutablePointer<UInt8>
    private var openNamesCapacity = 256
    private var openNamesCount = 0
    private var openNameEnds: UnsafeMutablePointer<Int>
    /// The open elements' local names as the handler knows them (saves classifying end tags).
    private var openNameCodes: UnsafeMutablePointer<Name>
    private var openNameEndsCapacity = 64
    /// `pointBody`'s open children: where each name starts in the buffer and its length.
    private var bodyNames: UnsafeMutablePointer<(start: Int, length: Int)>
    /// `plainBody`'s literals before each value (buffer ranges) and what each value is.
    private var templatePieces: UnsafeMutablePointer<(start: Int, end: Int, slot: Name)>
    /// The shape of the last plain point body, to read the next ones by.
    private var template = PointTemplate()
    /// The last plain `<trkpt>` start tag, to read the next ones by (with `template`).
    private var startTemplate = StartTagTemplate()
    /// The name whose start tags `startTemplate` keeps.
    private static var trackPoint: StaticString { "trkpt" }
    private static let bodyDepthLimit = 16
    private var openDepth = 0
    private var sawRoot = false
    private var callbackPosition = 0

    // The GPX handler's state (see `GPXParser`).
    private let file: String
    private let includeRoutes: Bool
    /// Where elements go: passed down each call rather than stored, so it is called directly.
    typealias Visit = (ActivityElement) -> Void
    private(set) var failure: FormatError?
    /// The collected text of the innermost element (UTF-8, entities expanded).
    private var text: UnsafeMutablePointer<UInt8>
    private var textCapacity = 256
    private var textCount = 0
    private var collectingText = false
    private var inPoint = false
    private var point = PointBuilder(latitude: 0, longitude: 0)
    private var pointName: String?
    private var pointIsWaypoint = false
    private var inTrack = false
    private var inRoute = false
    private var inMetadata = false
    private var depth = 0
    private var pointDepth = 0
    /// Buffer ranges of the current start tag's first `lat` and `lon` values (-1 when absent).
    private var latStart = -1
    private var latEnd = -1
    private var lonStart = -1
    private var lonEnd = -1
    private var latHasEntity = false
    private var lonHasEntity = false
    /// The `lat` and `lon` values when `plainStartTag` already parsed them (plain decimals).
    private var latValue: Double?
    private var lonValue: Double?
    /// The text when it is one plain ASCII piece still in the buffer (`rawTextStart >= 0`): kept
    /// as a range instead of copied, and copied into `text` only before the buffer moves.
    private var rawTextStart = -1
    private var rawTextEnd = -1
    /// The last date's `YYYY-MM-DD` bytes and its day number, since a track's points share their day.
    private var cachedDateKey: UInt64 = 0
    private var cachedDateKeyDay: UInt16 = 0
    private var cachedDays = 0
    private var hasCachedDate = false

    init(descriptor: Int32, file: String, includeRoutes: Bool) {
        self.descriptor = descriptor
        rereadable = lseek(descriptor, 0, SEEK_CUR) >= 0
        self.file = file
        self.includeRoutes = includeRoutes
        capacity = Self.chunkSize * 2
        base = .allocate(capacity: capacity)
        text = .allocate(capacity: textCapacity)
        openNames = .allocate(capacity: openNamesCapacity)
        openNameEnds = .allocate(capacity: openNameEndsCapacity)
        openNameCodes = .allocate(capacity: openNameEndsCapacity)
        bodyNames = .allocate(capacity: Self.bodyDepthLimit)
        templatePieces = .allocate(capacity: PointTemplate.slotLimit)
    }

    /// Frees the buffers.
    func deallocate() {
        base.deallocate()
        text.deallocate()
        openNames.deallocate()
        openNameEnds.deallocate()
        openNameCodes.deallocate()
        bodyNames.deallocate()
        templatePieces.deallocate()
        template.deallocate()
        startTemplate.deallocate()
    }

    /// "line L, column C" of the byte at `position` in the current buffer (1-based, columns in bytes).
    func location(of position: Int) -> String {
        var (line, column) = rereadable ? droppedLinesFromFile() : (droppedLines + 1, droppedColumn)
        var lastNewline = -1
        for index in 0..<min(position, count) where base[index] == 0x0A {
            line += 1
            lastNewline = index
        }
        column = lastNewline < 0 ? column + position + 1 : position - lastNewline
        return "line \(line), column \(column)"
    }

    /// The line (1-based) and the bytes since its start at the end of the dropped bytes, read again
    /// from the file.
    private func droppedLinesFromFile() -> (line: Int, column: Int) {
        guard droppedBytes > 0 else { return (1, 0) }
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { chunk.deallocate() }
        var line = 1
        var lastNewline = -1
        var offset = 0
        while offset < droppedBytes {
            let got = pread(descriptor, chunk, min(Self.chunkSize, droppedBytes - offset), off_t(offset))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            line += Self.newlines(chunk, got)
            var index = got - 1
            while index >= 0, chunk[index] != 0x0A { index -= 1 }
            if index >= 0 { lastNewline = offset + index }
            offset += got
        }
        return (line, droppedBytes - lastNewline - 1)
    }

    /// Scans the whole document; a content error is returned in `failure`.
    mutating func run(_ visit: Visit) throws {
        try checkEncoding()
        while true {
            guard try fill(1) else { break }
            if base[position] == UInt8(ascii: "<") {
                try markup(visit)
            } else {
                try scanText()
            }
            if failure != nil {
                if failure?.location == nil {
                    let location = location(of: callbackPosition)
                    failure?.location = location
                }
                return
            }
        }
        if openDepth > 0 { throw XMLScanner.SyntaxError(reason: "the document ends too early", position: position) }
        if !sawRoot { throw XMLScanner.SyntaxError(reason: "the document is empty", position: position) }
    }

    // MARK: Buffer

    @inline(__always)
    private mutating func fill(_ needed: Int) throws -> Bool {
        if count - position >= needed { return true }
        return try refill(needed)
    }

    private mutating func refill(_ needed: Int) throws -> Bool {
        while count - position < needed {
            if atEnd { return false }
            compact()
            if capacity - count < Self.chunkSize {
                let newCapacity = max(capacity * 2, count + Self.chunkSize)
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
                grown.update(from: base, count: count)
                base.deallocate()
                base = grown
                capacity = newCapacity
            }
            var got = 0
            // Fill up to a whole chunk, as `FileHandle.read(upToCount:)` does for the general path.
            while got < Self.chunkSize {
                let result = read(descriptor, base + count + got, Self.chunkSize - got)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw ReadError(code: errno)
                }
                if result == 0 { break }
                got += result
            }
            if got == 0 { atEnd = true } else { count += got }
        }
        return true
    }

    private mutating func compact() {
        guard position > 0 else { return }
        materializeText()
        droppedBytes += position
        if !rereadable {
            droppedLines += Self.newlines(base, position)
            var lastNewline = position - 1
            while lastNewline >= 0, base[lastNewline] != 0x0A { lastNewline -= 1 }
            droppedColumn = lastNewline < 0 ? droppedColumn + position : position - lastNewline - 1
        }
        memmove(base, base + position, count - position)
        count -= position
        position = 0
    }

    /// Line feeds among the `count` bytes at `bytes`, eight bytes at a time. Lines are counted for
    /// error messages only, but over every byte read, so this must cost next to nothing.
    private static func newlines(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var total = 0
        var index = 0
        while index + 8 <= count {
            // Eight one-byte counters, summed across before any of them can pass 255.
            var lanes: UInt64 = 0
            var words = 0
            while words < 255 && index + 8 <= count {
                // Bytes equal to 0x0A become zero; each zero byte (exactly) gets its top bit set.
                let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                lanes &+= ~(((word & low) &+ low) | word | low) >> 7
                index += 8
                words += 1
            }
            total += Int(truncatingIfNeeded: (lanes &* 0x0101_0101_0101_0101) >> 56)
        }
        while index < count {
            if bytes[index] == 0x0A { total += 1 }
            index += 1
        }
        return total
    }

    /// The offset from `position` of the first `byte` at or after offset `from`, reading more as needed.
    @inline(__always)
    private mutating func find(_ byte: UInt8, from: Int) throws -> Int? {
        var offset = from
        while true {
            let start = position + offset
            if start < count, let found = memchr(base + start, Int32(byte), count - start) {
                return UnsafeMutableRawPointer(base).distance(to: found) - position
            }
            offset = max(offset, count - position)
            guard try fill(count - position + 1) else { return nil }
        }
    }

    /// The offset from `position` just after `pattern`, found at or after offset `from`.
    private mutating func find(_ pattern: StaticString, from: Int) throws -> Int? {
        let length = pattern.utf8CodeUnitCount
        var searchFrom = from
        while true {
            guard let first = try find(pattern.utf8Start[0], from: searchFrom) else { return nil }
            guard try fill(first + length) else { return nil }
            if memcmp(base + position + first, pattern.utf8Start, length) == 0 { return first + length }
            searchFrom = first + 1
        }
    }

    @inline(__always)
    private func startsWith(_ pattern: StaticString, at index: Int) -> Bool {
        Self.sameBytes(base + index, pattern.utf8Start, pattern.utf8CodeUnitCount)
    }

    private mutating func checkEncoding() throws {
        guard try fill(2) else { return }
        if (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE) || base[0] == 0 || base[1] == 0 {
            throw XMLScanner.NeedsFullParser()
        }
        if try fill(3), base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        let start = position
        while try fill(1), Self.isSpace(base[position]) { position += 1 }
        if try fill(5), startsWith("<?xml", at: position) {
            guard let end = try find(UInt8(ascii: ">"), from: 0) else { return }
            let declaration = String(decoding: UnsafeBufferPointer(start: base + position, count: end), as: UTF8.self).lowercased()
            if let range = declaration.range(of: "encoding") {
                let value = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
                    .prefix { $0 != "\"" && $0 != "'" }
                if !["utf-8", "utf8", "us-ascii", "ascii"].contains(String(value)) { throw XMLScanner.NeedsFullParser() }
            }
        }
        position = start
    }

    // MARK: Tokens

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Bytes below `?` that end a name: the XML delimiters `> / = < " '` and white space.
    private static var nameEndBytes: UInt64 {
        1 << 0x3E | 1 << 0x2F | 1 << 0x3D | 1 << 0x3C | 1 << 0x22 | 1 << 0x27 | 1 << 0x20 | 1 << 0x0A | 1 << 0x0D | 1 << 0x09
    }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        // Bytes above `>` are never delimiters; below it, one bit of the mask says.
        byte > 0x3E || (nameEndBytes >> UInt64(byte)) & 1 == 0
    }

    /// Whether the `count` bytes at `a` and `b` are equal (names are short: no library call).
    @inline(__always)
    private static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }

    private mutating func scanText() throws {
        if openDepth > 0 && !collectingText {
            // Short runs of indentation between tags: skipped without a library call.
            var index = position + 1
            let limit = min(count, position + 24)
            while index < limit {
                if base[index] == UInt8(ascii: "<") {
                    position = index
                    return
                }
                index += 1
            }
        }
        let length = try find(UInt8(ascii: "<"), from: 0) ?? (count - position)
        let start = position
        let end = position + length
        if openDepth == 0 {
            var index = start
            while index < end, Self.isSpace(base[index]) { index += 1 }
            if index < end {
                throw XMLScanner.SyntaxError(
                    reason: sawRoot ? "content after the end of the document" : "text before the root element", position: start)
            }
        } else if collectingText {
            try appendText(start, end, decodingEntities: true)
        }
        position = end
    }

    private mutating func markup(_ visit: Visit) throws {
        guard try fill(2) else { throw XMLScanner.SyntaxError(reason: "the document ends too early", position: position) }
        switch base[position + 1] {
        case UInt8(ascii: "?"):
            guard let end = try find("?>", from: 2) else {
                throw XMLScanner.SyntaxError(reason: "an unterminated processing instruction", position: position)
            }
            position += end
        case UInt8(ascii: "!"):
            try declarationOrComment()
        case UInt8(ascii: "/"):
            try endTag(visit)
        default:
            if !templatePoint(visit) { try startTag(visit) }
        }
    }

    private mutating func endTag(_ visit: Visit) throws {
        guard let closeOffset = try find(UInt8(ascii: ">"), from: 0) else {
            throw XMLScanner.SyntaxError(reason: "a tag is not closed (expected >)", position: position)
        }
        let start = position
        let close = position + closeOffset
        var nameEnd = position + 2
        while nameEnd < close, Self.isNameByte(base[nameEnd]) { nameEnd += 1 }
        var index = nameEnd
        while index < close {
            guard Self.isSpace(base[index]) else { throw XMLScanner.SyntaxError(reason: "a malformed end tag", position: start) }
            index += 1
        }
        let nameStart = position + 2
        let nameLength = nameEnd - nameStart
        guard openDepth > 0 else {
            throw XMLScanner.SyntaxError(reason: "an end tag does not match its start tag", position: start)
        }
        let openEnd = openNameEnds[openDepth - 1]
        let openStart = openDepth > 1 ? openNameEnds[openDepth - 2] : 0
        var matches = openEnd - openStart == nameLength
        if matches {
            let open = openNames + openStart
            let closing = base + nameStart
            var index = 0
            while index < nameLength {
                if open[index] != closing[index] {
                    matches = false
                    break
                }
                index += 1
            }
        }
        let code = matches ? openNameCodes[openDepth - 1] : Self.localName(base + nameStart, count: nameLength)
        if !matches {
            // The general path compares Strings: canonically equivalent spellings match there.
            let open = String(decoding: UnsafeBufferPointer(start: openNames + openStart, count: openEnd - openStart), as: UTF8.self)
            let closing = String(decoding: UnsafeBufferPointer(start: base + nameStart, count: nameLength), as: UTF8.self)
            guard open == closing else {
                throw XMLScanner.SyntaxError(reason: "an end tag does not match its start tag", position: start)
            }
        }
        openDepth -= 1
        openNamesCount = openStart
        position = close + 1
        callbackPosition = start
        end(code, visit)
    }

    private mutating func declarationOrComment() throws {
        if try fill(4), startsWith("<!--", at: position) {
            guard let end = try find("-->", from: 4) else {
                throw XMLScanner.SyntaxError(reason: "an unterminated comment", position: position)
            }
            position += end
        } else if try fill(9), startsWith("<![CDATA[", at: position) {
            guard let end = try find("]]>", from: 9) else {
                throw XMLScanner.SyntaxError(reason: "an unterminated CDATA section", position: position)
            }
            if collectingText {
                try appendText(position + 9, position + end - 3, decodingEntities: false)
            }
            position += end
        } else {
            // <!DOCTYPE …> possibly with an internal subset in brackets.
            var depth = 0
            var offset = 2
            while true {
                guard try fill(offset + 1) else {
                    throw XMLScanner.SyntaxError(reason: "an unterminated declaration", position: position)
                }
                let byte = base[position + offset]
                if byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "]") { depth -= 1 }
                if byte == UInt8(ascii: ">") && depth <= 0 { break }
                offset += 1
            }
            position += offset + 1
        }
    }

    /// One pass over a well-formed start tag inside the root, already in the buffer, with
    /// `name="value"` attributes without entities; false (having changed nothing) for anything
    /// else, which `startTag` then scans the general way. On such tags both find the same `>`:
    /// no quote or `<` can appear outside values, so `findTagEnd`'s quote tracking agrees.
    @inline(__always)
    private mutating func plainStartTag(_ visit: Visit) -> Bool {
        guard openDepth > 0 else { return false }
        let bytes = base
        let limit = count
        let start = position
        var index = start + 1
        while index < limit, Self.isNameByte(bytes[index]) { index += 1 }
        let nameEnd = index
        guard nameEnd > start + 1 else { return false }
        var foundLatStart = -1
        var foundLatEnd = -1
        var foundLonStart = -1
        var foundLonEnd = -1
        var foundLatValue: Double?
        var foundLonValue: Double?
        var selfClosing = false
        while true {
            guard index < limit else { return false }
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < limit, bytes[index + 1] == UInt8(ascii: ">") else { return false }
                selfClosing = true
                index += 1
                break
            }
            let attributeStart = index
            while index < limit, Self.isNameByte(bytes[index]) { index += 1 }
            let attributeEnd = index
            guard attributeEnd > attributeStart, index + 1 < limit, bytes[index] == UInt8(ascii: "=") else { return false }
            let quote = bytes[index + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
            let valueStart = index + 2
            let isLat = attributeEnd - attributeStart == 3 && foundLatStart < 0 && startsWith("lat", at: attributeStart)
            let isLon = !isLat && attributeEnd - attributeStart == 3 && foundLonStart < 0 && startsWith("lon", at: attributeStart)
            var valueEnd = valueStart
            var parsed: Double?
            if isLat || isLon, let number = FastDecimal.prefix(bytes + valueStart, count: limit - valueStart),
                valueStart + number.length < limit, bytes[valueStart + number.length] == quote {
                // A plain decimal up to the quote: parsed while found, the same value `number` would give.
                parsed = number.value
                valueEnd = valueStart + number.length
            } else {
                while valueEnd < limit {
                    let valueByte = bytes[valueEnd]
                    if valueByte == quote { break }
                    if valueByte == UInt8(ascii: "&") { return false }
                    valueEnd += 1
                }
                guard valueEnd < limit else { return false }
            }
            if isLat {
                foundLatStart = valueStart
                foundLatEnd = valueEnd
                foundLatValue = parsed
            } else if isLon {
                foundLonStart = valueStart
                foundLonEnd = valueEnd
                foundLonValue = parsed
            }
            index = valueEnd + 1
        }
        if !selfClosing, foundLatValue != nil, foundLonValue != nil, nameEnd - start == 6, Self.sameBytes(bytes + start + 1, Self.trackPoint.utf8Start, 5) {
            let latitudeFirst = foundLatStart < foundLonStart
            startTemplate.record(
                bytes, start: start, close: index,
                first: latitudeFirst ? (foundLatStart, foundLatEnd) : (foundLonStart, foundLonEnd),
                second: latitudeFirst ? (foundLonStart, foundLonEnd) : (foundLatStart, foundLatEnd), latitudeFirst: latitudeFirst)
        }
        latStart = foundLatStart
        latEnd = foundLatEnd
        latHasEntity = false
        latValue = foundLatValue
        lonStart = foundLonStart
        lonEnd = foundLonEnd
        lonHasEntity = false
        lonValue = foundLonValue
        finishStartTag(start: start, nameEnd: nameEnd, close: index, selfClosing: selfClosing, visit)
        return true
    }

    private mutating func startTag(_ visit: Visit) throws {
        if plainStartTag(visit) { return }
        guard let closeOffset = try findTagEnd(from: 1) else {
            throw XMLScanner.SyntaxError(reason: "a tag is not closed (expected >)", position: position)
        }
        let bytes = base
        let start = position
        let close = position + closeOffset
        if openDepth == 0 && sawRoot {
            throw XMLScanner.SyntaxError(reason: "content after the end of the document", position: start)
        }
        var index = position + 1
        while index < close, Self.isNameByte(bytes[index]) { index += 1 }
        let nameStart = position + 1
        let nameEnd = index
        guard nameEnd > nameStart else { throw XMLScanner.SyntaxError(reason: "a tag name is missing or malformed", position: start) }
        latStart = -1
        lonStart = -1
        latValue = nil
        lonValue = nil
        var selfClosing = false
        while true {
            while index < close, Self.isSpace(bytes[index]) { index += 1 }
            if index >= close { break }
            if bytes[index] == UInt8(ascii: "/") {
                guard index == close - 1 else { throw XMLScanner.SyntaxError(reason: "a malformed attribute", position: index) }
                selfClosing = true
                break
            }
            let attributeStart = index
            while index < close, Self.isNameByte(bytes[index]) { index += 1 }
            let attributeEnd = index
            while index < close, Self.isSpace(bytes[index]) { index += 1 }
            guard attributeEnd > attributeStart, index < close, bytes[index] == UInt8(ascii: "=") else {
                throw XMLScanner.SyntaxError(reason: "a malformed attribute", position: attributeStart)
            }
            index += 1
            while index < close, Self.isSpace(bytes[index]) { index += 1 }
            guard index < close, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw XMLScanner.SyntaxError(reason: "a malformed attribute", position: index)
            }
            let quote = bytes[index]
            let valueStart = index + 1
            var valueEnd = valueStart
            var hasEntity = false
            while valueEnd < close, bytes[valueEnd] != quote {
                if bytes[valueEnd] == UInt8(ascii: "&") { hasEntity = true }
                valueEnd += 1
            }
            guard valueEnd < close else { throw XMLScanner.SyntaxError(reason: "a malformed attribute", position: index) }
            if hasEntity {
                // Checked here, as the general path decodes every attribute before the callback.
                var scratch: [UInt8] = []
                try Self.decodeEntities(bytes, valueStart, valueEnd, into: &scratch)
            }
            if attributeEnd - attributeStart == 3 {
                if latStart < 0, startsWith("lat", at: attributeStart) {
                    latStart = valueStart
                    latEnd = valueEnd
                    latHasEntity = hasEntity
                } else if lonStart < 0, startsWith("lon", at: attributeStart) {
                    lonStart = valueStart
                    lonEnd = valueEnd
                    lonHasEntity = hasEntity
                }
            }
            index = valueEnd + 1
        }
        finishStartTag(start: start, nameEnd: nameEnd, close: close, selfClosing: selfClosing, visit)
    }

    /// Reports a scanned start tag: the common end of `startTag` and `plainStartTag`.
    @inline(__always)
    private mutating func finishStartTag(start: Int, nameEnd: Int, close: Int, selfClosing: Bool, _ visit: Visit) {
        let bytes = base
        let nameStart = start + 1
        sawRoot = true
        position = close + 1
        callbackPosition = start
        let local = Self.localName(bytes + nameStart, count: nameEnd - nameStart)
        if selfClosing {
            textCount = 0
            rawTextStart = -1
            self.start(local, visit)
            if failure != nil { return }
            end(local, visit)
        } else {
            pushOpenName(bytes + nameStart, count: nameEnd - nameStart, code: local)
            textCount = 0
            rawTextStart = -1
            self.start(local, visit)
            if inPoint && depth == pointDepth && failure == nil { pointBody(visit) }
        }
    }

    /// The body of a point just opened, up to and including its end tag, in one tight pass, when
    /// it is plain: child elements without attributes, text without entity references, values
    /// that parse, no name, comment, CDATA or processing instruction, all in the buffer already.
    /// Then it reports the point exactly as the element-by-element path would. Otherwise it
    /// changes nothing and that path takes the body from the start.
    ///
    /// A body with the same bytes as the last plain one apart from its values (`PointTemplate`)
    /// has the same elements, so only its values are parsed; any other is read tag by tag
    /// (`plainBody`), and becomes the template.
    private mutating func pointBody(_ visit: Visit) {
        if !templateBody(visit) { plainBody(visit) }
    }

    /// `pointBody` by the template: false (having changed nothing) when the body differs from it
    /// anywhere but in its values, or a value is not a bare number or a `…Z` time.
    @inline(__always)
    private mutating func templateBody(_ visit: Visit) -> Bool {
        guard template.slotCount != nil else { return false }
        let openStart = openDepth > 1 ? openNameEnds[openDepth - 2] : 0
        guard openNameEnds[openDepth - 1] - openStart == template.pointNameLength,
            Self.sameBytes(openNames + openStart, template.bytes, template.pointNameLength)
        else { return false }
        var fields = point
        guard let after = bodyByTemplate(from: position, into: &fields) else { return false }
        finishPoint(fields, endTag: after - template.endTagLength, after: after, visit)
        return true
    }

    /// The body from `index` read by the template into `fields`: where it ends (after the point's
    /// end tag), or `nil` when it does not follow the template.
    @inline(__always)
    private mutating func bodyByTemplate(from start: Int, into fields: inout PointBuilder) -> Int? {
        guard let slots = template.slotCount else { return nil }
        let bytes = base
        let limit = count
        var index = start
        for slot in 0..<slots {
            let literal = template.literal(slot)
            guard index + literal.length < limit, Self.sameBytes(template.bytes + literal.offset, bytes + index, literal.length)
            else { return nil }
            index += literal.length
            let name = template.slot(slot)
            guard let length = parseValue(name, at: index, limit: limit, into: &fields) else { return nil }
            index += length
        }
        let last = template.literal(slots)
        guard index + last.length <= limit, Self.sameBytes(template.bytes + last.offset, bytes + index, last.length) else {
            return nil
        }
        return index + last.length
    }

    /// A whole `<trkpt>` of a track read by the start-tag and body templates, with the same effect
    /// as reading it tag by tag: false (having changed nothing) when it does not follow them.
    @inline(__always)
    private mutating func templatePoint(_ visit: Visit) -> Bool {
        // A `<trkpt>` opens a point exactly when a track is open and no point is.
        guard inTrack, !inPoint, startTemplate.isValid, template.slotCount != nil, template.pointNameLength == 5,
            Self.sameBytes(template.bytes, Self.trackPoint.utf8Start, 5)
        else { return false }
        let bytes = base
        let limit = count
        var index = position
        var coordinates = (0.0, 0.0)
        for slot in 0..<2 {
            let literal = startTemplate.literal(slot)
            guard index + literal.length < limit,
                Self.sameBytes(startTemplate.bytes + literal.offset, bytes + index, literal.length),
                let number = FastDecimal.prefix(bytes + index + literal.length, count: limit - index - literal.length)
            else { return false }
            // The next literal begins with the closing quote: a value that is not a bare decimal fails there.
            if slot == 0 { coordinates.0 = number.value } else { coordinates.1 = number.value }
            index += literal.length + number.length
        }
        let close = startTemplate.literal(2)
        guard index + close.length < limit, Self.sameBytes(startTemplate.bytes + close.offset, bytes + index, close.length)
        else { return false }
        index += close.length
        var fields = startTemplate.latitudeFirst
            ? PointBuilder(latitude: coordinates.0, longitude: coordinates.1)
            : PointBuilder(latitude: coordinates.1, longitude: coordinates.0)
        guard let after = bodyByTemplate(from: index, into: &fields) else { return false }
        // What `finishStartTag`, `start`, the body and `end` leave behind.
        textCount = 0
        rawTextStart = -1
        point = fields
        pointName = nil
        pointIsWaypoint = false
        pointDepth = depth + 1
        inPoint = false
        collectingText = false
        position = after
        callbackPosition = after - template.endTagLength
        visit(.fix(fields.fix))
        return true
    }

    /// A value's text at `index` when it is a bare number (or, for `<time>`, `YYYY-MM-DDTHH:MM:SSZ`)
    /// right before the next `<`: stored in `fields`, and its length returned; `nil` otherwise.
    @inline(__always)
    private mutating func parseValue(_ name: Name, at index: Int, limit: Int, into fields: inout PointBuilder) -> Int? {
        let text = UnsafePointer(base + index)
        if name == .time {
            guard index + 20 < limit, base[index + 20] == UInt8(ascii: "<"), let time = fastTime(text, 20) else { return nil }
            fields.time = time
            return 20
        }
        guard let number = FastDecimal.prefix(text, count: limit - index), index + number.length < limit,
            base[index + number.length] == UInt8(ascii: "<")
        else { return nil }
        Self.store(number.value, for: name, in: &fields)
        return number.length
    }

    @inline(__always)
    private static func store(_ value: Double, for name: Name, in fields: inout PointBuilder) {
        switch name {
        case .ele: fields.altitude = value
        case .speed: fields.speed = value
        case .course: fields.course = value
        case .hr: fields.heartRate = value
        default: fields.cadence = value
        }
    }

    /// Reports the point whose end tag starts at `endTag` and ends before `after`, as `endTag`
    /// and `end` do.
    @inline(__always)
    private mutating func finishPoint(_ fields: PointBuilder, endTag: Int, after: Int, _ visit: Visit) {
        point = fields
        openDepth -= 1
        openNamesCount = openDepth > 0 ? openNameEnds[openDepth - 1] : 0
        position = after
        callbackPosition = endTag
        end(openNameCodes[openDepth], visit)
    }

    /// `pointBody` tag by tag; the body becomes the template when it is plain.
    private mutating func plainBody(_ visit: Visit) {
        let bytes = base
        let limit = count
        var index = position
        var fields = point
        var depth = 0
        // The literal before each value (buffer ranges) and what the value is, for the template.
        var pieces = 0
        var literalStart = index
        while true {
            while index < limit {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") { break }
                if byte == UInt8(ascii: "&") { return }
                index += 1
            }
            guard index + 1 < limit else { return }
            if bytes[index + 1] == UInt8(ascii: "/") {
                // Only the name of the innermost open element, right before `>`, ends it here.
                let nameStart = index + 2
                let expected: UnsafePointer<UInt8>
                let length: Int
                if depth == 0 {
                    let openStart = openDepth > 1 ? openNameEnds[openDepth - 2] : 0
                    expected = UnsafePointer(openNames + openStart)
                    length = openNameEnds[openDepth - 1] - openStart
                } else {
                    let open = bodyNames[depth - 1]
                    expected = UnsafePointer(bytes + open.start)
                    length = open.length
                }
                let nameEnd = nameStart + length
                guard nameEnd < limit, bytes[nameEnd] == UInt8(ascii: ">"), Self.sameBytes(expected, bytes + nameStart, length)
                else { return }
                if depth == 0 {
                    if pieces <= PointTemplate.slotLimit {
                        template.record(
                            pointName: expected, length: length, pieces: templatePieces, count: pieces,
                            last: (literalStart, nameEnd + 1), endTagLength: nameEnd + 1 - index, from: bytes)
                    } else {
                        template.forget()
                    }
                    finishPoint(fields, endTag: index, after: nameEnd + 1, visit)
                    return
                }
                depth -= 1
                index = nameEnd + 1
                continue
            }
            let nameStart = index + 1
            // `<!` and `<?` (comments, CDATA, processing instructions) are left to the general path.
            guard bytes[nameStart] != UInt8(ascii: "!"), bytes[nameStart] != UInt8(ascii: "?") else { return }
            var nameEnd = nameStart
            while nameEnd < limit, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > nameStart, nameEnd < limit, bytes[nameEnd] == UInt8(ascii: ">") else { return }
            let length = nameEnd - nameStart
            let name = Self.localName(bytes + nameStart, count: length)
            index = nameEnd + 1
            switch name {
            case .ele, .time, .speed, .course, .hr, .cad:
                // Plain ASCII text, then this element's own end tag. The usual text (a bare number,
                // a `YYYY-MM-DDTHH:MM:SSZ` time) is parsed as it is found; anything else is found first.
                let textStart = index
                if let valueLength = parseValue(name, at: index, limit: limit, into: &fields) {
                    if pieces < PointTemplate.slotLimit { templatePieces[pieces] = (literalStart, textStart, name) }
                    pieces += 1
                    index += valueLength
                    literalStart = index
                } else {
                    while index < limit {
                        let byte = bytes[index]
                        if byte == UInt8(ascii: "<") { break }
                        if byte == UInt8(ascii: "&") || byte >= 0x80 { return }
                        index += 1
                    }
                    guard index < limit else { return }
                    let text = UnsafePointer(bytes + textStart)
                    let textLength = index - textStart
                    if name == .time {
                        guard let time = fastTime(text, textLength)
                            ?? ISO8601Time.parse(utf8: UnsafeBufferPointer(start: text, count: textLength))
                        else { return }
                        fields.time = time
                    } else {
                        let (start, trimmedLength) = Self.trim(text, textLength)
                        guard let start, let value = FastDecimal.parse(start, count: trimmedLength) else { return }
                        Self.store(value, for: name, in: &fields)
                    }
                    // A value the template cannot parse the quick way: no template from this body.
                    pieces = PointTemplate.slotLimit + 1
                }
                let close = index + 2 + length
                guard close < limit, bytes[index + 1] == UInt8(ascii: "/"),
                    Self.sameBytes(bytes + index + 2, bytes + nameStart, length), bytes[close] == UInt8(ascii: ">")
                else { return }
                index = close + 1
            case .name:
                return
            default:
                guard depth < Self.bodyDepthLimit else { return }
                bodyNames[depth] = (nameStart, length)
                depth += 1
            }
        }
    }

    private mutating func pushOpenName(_ name: UnsafeMutablePointer<UInt8>, count: Int, code: Name) {
        if openNamesCount + count > openNamesCapacity {
            let newCapacity = max(openNamesCapacity * 2, openNamesCount + count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: openNames, count: openNamesCount)
            openNames.deallocate()
            openNames = grown
            openNamesCapacity = newCapacity
        }
        if openDepth == openNameEndsCapacity {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: openNameEndsCapacity * 2)
            grown.update(from: openNameEnds, count: openDepth)
            openNameEnds.deallocate()
            openNameEnds = grown
            let grownCodes = UnsafeMutablePointer<Name>.allocate(capacity: openNameEndsCapacity * 2)
            grownCodes.update(from: openNameCodes, count: openDepth)
            openNameCodes.deallocate()
            openNameCodes = grownCodes
            openNameEndsCapacity *= 2
        }
        var index = 0
        while index < count {
            openNames[openNamesCount + index] = name[index]
            index += 1
        }
        openNamesCount += count
        openNameEnds[openDepth] = openNamesCount
        (openNameCodes + openDepth).initialize(to: code)
        openDepth += 1
    }

    private static let tagSpecialBytes: UInt64 = 1 << 0x22 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E

    /// The offset of the `>` ending a start tag, skipping `>` inside quoted attribute values.
    private mutating func findTagEnd(from: Int) throws -> Int? {
        var index = from
        var quote: UInt8 = 0
        while true {
            if position + index >= count {
                guard try fill(index + 1) else { return nil }
            }
            let limit = count - position
            let bytes = base + position
            while index < limit {
                let byte = bytes[index]
                // Only `"`, `'`, `<` and `>` (all below 64) matter outside a value; skip the rest quickly.
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

    @inline(__always)
    private static func localName(_ name: UnsafeMutablePointer<UInt8>, count: Int) -> Name {
        var start = 0
        var index = count - 1
        while index >= 0 {
            if name[index] == UInt8(ascii: ":") {
                start = index + 1
                break
            }
            index -= 1
        }
        let bytes = name + start
        func equals(_ literal: StaticString) -> Bool {
            sameBytes(bytes, literal.utf8Start, literal.utf8CodeUnitCount)
        }
        switch count - start {
        case 2: return equals("hr") ? .hr : .other
        case 3:
            if equals("ele") { return .ele }
            if equals("trk") { return .trk }
            if equals("wpt") { return .wpt }
            if equals("rte") { return .rte }
            if equals("cad") { return .cad }
            return .other
        case 4:
            if equals("time") { return .time }
            if equals("name") { return .name }
            if equals("type") { return .type }
            return .other
        case 5:
            if equals("trkpt") { return .trkpt }
            if equals("rtept") { return .rtept }
            if equals("speed") { return .speed }
            return .other
        case 6:
            if equals("trkseg") { return .trkseg }
            if equals("course") { return .course }
            return .other
        case 8: return equals("metadata") ? .metadata : .other
        default: return .other
        }
    }

    // MARK: Text

    /// Appends text as the general path does: each piece decoded to a `String` on its own
    /// (entities expanded, invalid UTF-8 replaced), so pieces join exactly as `String`s do.
    private mutating func appendText(_ start: Int, _ end: Int, decodingEntities: Bool) throws {
        var hasEntity = false
        var ascii = true
        for index in start..<end {
            let byte = base[index]
            if byte == UInt8(ascii: "&") { hasEntity = true }
            if byte >= 0x80 { ascii = false }
        }
        if ascii && !(decodingEntities && hasEntity) && textCount == 0 && rawTextStart < 0 {
            rawTextStart = start
            rawTextEnd = end
            return
        }
        materializeText()
        if decodingEntities && hasEntity {
            var decoded: [UInt8] = []
            try Self.decodeEntities(base, start, end, into: &decoded)
            var piece = String(decoding: decoded, as: UTF8.self)
            piece.withUTF8 { appendRawText($0.baseAddress, $0.count) }
        } else if ascii {
            appendRawText(base + start, end - start)
        } else {
            var piece = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
            piece.withUTF8 { appendRawText($0.baseAddress, $0.count) }
        }
    }

    /// Copies a text range kept in the buffer into `text` (before the buffer moves or more text joins it).
    private mutating func materializeText() {
        guard rawTextStart >= 0 else { return }
        let start = rawTextStart
        rawTextStart = -1
        appendRawText(base + start, rawTextEnd - start)
    }

    /// The collected text's bytes (valid until the buffer moves).
    @inline(__always)
    private var textBytes: (UnsafePointer<UInt8>, Int) {
        rawTextStart >= 0 ? (UnsafePointer(base + rawTextStart), rawTextEnd - rawTextStart) : (UnsafePointer(text), textCount)
    }

    @inline(__always)
    private mutating func appendRawText(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        guard let bytes, count > 0 else { return }
        if textCount + count > textCapacity {
            let newCapacity = max(textCapacity * 2, textCount + count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: text, count: textCount)
            text.deallocate()
            text = grown
            textCapacity = newCapacity
        }
        (text + textCount).update(from: bytes, count: count)
        textCount += count
    }

    /// `XMLScanner.decode`'s expansion of entity and character references, on buffer bytes.
    private static func decodeEntities(
        _ bytes: UnsafeMutablePointer<UInt8>, _ start: Int, _ end: Int, into out: inout [UInt8]
    ) throws {
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                index += 1
                continue
            }
            var semicolon = index
            while semicolon < end, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
            guard semicolon < end else { throw XMLScanner.SyntaxError(reason: "a bad entity reference", position: index) }
            let entity = String(decoding: UnsafeBufferPointer(start: bytes + index + 1, count: semicolon - index - 1), as: UTF8.self)
            guard XMLScanner.appendExpansion(of: entity, to: &out) else {
                throw XMLScanner.SyntaxError(reason: "a bad entity reference", position: index)
            }
            index = semicolon + 1
        }
    }

    // MARK: GPX elements (mirrors GPXParser)

    private mutating func start(_ name: Name, _ visit: Visit) {
        depth += 1
        if inPoint {
            collectingText = depth == pointDepth + 1 || Self.isPointText(name)
            return
        }
        let opensPoint = (name == .trkpt && inTrack) || (name == .wpt && depth == 2)
            || (name == .rtept && inRoute && includeRoutes)
        if opensPoint {
            guard latStart >= 0, lonStart >= 0 else {
                fail("<\(name.text)> without lat and lon")
                return
            }
            guard let latitude = latValue ?? attributeNumber(latStart, latEnd, hasEntity: latHasEntity, in: name, "lat"),
                let longitude = lonValue ?? attributeNumber(lonStart, lonEnd, hasEntity: lonHasEntity, in: name, "lon")
            else { return }
            point = PointBuilder(latitude: latitude, longitude: longitude)
            pointName = nil
            inPoint = true
            pointIsWaypoint = name == .wpt
            pointDepth = depth
            collectingText = false
            return
        }
        switch name {
        case .trk:
            inTrack = true
            visit(.endSegment)
        case .trkseg:
            visit(.endSegment)
        case .rte:
            inRoute = true
            if includeRoutes { visit(.endSegment) }
        case .metadata:
            inMetadata = true
        default:
            // Names and types directly inside <trk>, <metadata> (1.1) or <gpx> (1.0).
            collectingText = (name == .name || name == .type) && depth <= 3
        }
    }

    private mutating func end(_ name: Name, _ visit: Visit) {
        defer { depth -= 1 }
        if inPoint {
            if depth == pointDepth {
                inPoint = false
                collectingText = false
                if pointIsWaypoint {
                    visit(.waypoint(Waypoint(name: pointName, fix: point.fix)))
                } else {
                    visit(.fix(point.fix))
                }
                return
            }
            switch name {
            case .ele:
                let value = textNumber(in: name)
                point.altitude = value
            case .time:
                let value = textTime(in: name)
                point.time = value
            case .speed:
                let value = textNumber(in: name)
                point.speed = value
            case .course:
                let value = textNumber(in: name)
                point.course = value
            case .hr:
                let value = textNumber(in: name)
                point.heartRate = value
            case .cad:
                let value = textNumber(in: name)
                point.cadence = value
            case .name where depth == pointDepth + 1:
                pointName = trimmedText()
            default: break
            }
            return
        }
        switch name {
        case .trk:
            inTrack = false
            visit(.endSegment)
        case .trkseg:
            visit(.endSegment)
        case .rte:
            inRoute = false
            if includeRoutes { visit(.endSegment) }
        case .metadata:
            inMetadata = false
        case .name where collectingText && (inTrack || inMetadata || depth == 2):
            let trimmed = trimmedText()
            if !trimmed.isEmpty { visit(.name(trimmed)) }
        case .type where collectingText && inTrack:
            let trimmed = trimmedText()
            if !trimmed.isEmpty { visit(.sport(trimmed)) }
        default:
            break
        }
        collectingText = false
    }

    private static func isPointText(_ name: Name) -> Bool {
        switch name {
        case .ele, .time, .speed, .course, .hr, .cad, .name: true
        default: false
        }
    }

    private mutating func fail(_ reason: String) {
        if failure == nil { failure = FormatError(file: file, reason: reason) }
    }

    private func trimmedText() -> String {
        let (bytes, length) = textBytes
        let (start, count) = Self.trim(bytes, length)
        guard let start else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    @inline(__always)
    private static func trim(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> (UnsafePointer<UInt8>?, Int) {
        guard let bytes else { return (nil, 0) }
        var start = 0
        var end = count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return (bytes + start, end - start)
    }

    /// Trimmed bytes as a finite number, or a recorded failure (`GPXParser.number`'s message).
    @inline(__always)
    private mutating func number(
        _ bytes: UnsafePointer<UInt8>?, _ count: Int, in name: Name, attribute: StaticString? = nil
    ) -> Double? {
        let (start, length) = Self.trim(bytes, count)
        if let start, let value = FastDecimal.parse(start, count: length) { return value }
        let trimmed = start.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        guard let value = Double(trimmed), value.isFinite else {
            let element = attribute.map { "\(name.text) \($0)" } ?? name.text
            fail("\(XMLActivityParser.quoted(trimmed)) is not a number in <\(element)>")
            return nil
        }
        return value
    }

    private mutating func textNumber(in name: Name) -> Double? {
        let (bytes, count) = textBytes
        return number(bytes, count, in: name)
    }

    private mutating func attributeNumber(
        _ start: Int, _ end: Int, hasEntity: Bool, in name: Name, _ attribute: StaticString
    ) -> Double? {
        if !hasEntity {
            return number(UnsafePointer(base + start), end - start, in: name, attribute: attribute)
        }
        var decoded: [UInt8] = []
        // Already validated while scanning the tag.
        try? Self.decodeEntities(base, start, end, into: &decoded)
        let value = Array(String(decoding: decoded, as: UTF8.self).utf8)
        return value.withUnsafeBufferPointer { number($0.baseAddress, $0.count, in: name, attribute: attribute) }
    }

    private mutating func textTime(in name: Name) -> Date? {
        let (bytes, count) = textBytes
        let parsed = fastTime(bytes, count) ?? ISO8601Time.parse(utf8: UnsafeBufferPointer(start: bytes, count: count))
        guard let parsed else {
            let trimmed = trimmedText()
            fail("\(XMLActivityParser.quoted(trimmed)) is not an ISO 8601 time in <\(name.text)>")
            return nil
        }
        return parsed
    }

    /// `ISO8601Time.parse` for the common `YYYY-MM-DDTHH:MM:SSZ` form, computed the same way
    /// (whole seconds, then `+ 0.0`), with the day number cached; `nil` for anything else.
    @inline(__always)
    private mutating func fastTime(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Date? {
        guard count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            bytes[19] == 0x5A
        else { return nil }
        @inline(__always) func two(_ index: Int) -> Int? {
            let high = bytes[index] &- 0x30
            let low = bytes[index + 1] &- 0x30
            guard high <= 9, low <= 9 else { return nil }
            return Int(high) * 10 + Int(low)
        }
        guard let hour = two(11), let minute = two(14), let second = two(17), hour < 24, minute < 60, second <= 60 else {
            return nil
        }
        let key = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)
        let keyDay = UnsafeRawPointer(bytes + 8).loadUnaligned(as: UInt16.self)
        let days: Int
        if hasCachedDate, key == cachedDateKey, keyDay == cachedDateKeyDay {
            days = cachedDays
        } else {
            guard let century = two(0), let yearInCentury = two(2), let month = two(5), let day = two(8),
                (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: century * 100 + yearInCentury)).contains(day)
            else { return nil }
            days = LocalDate.daysSinceEpoch(year: century * 100 + yearInCentury, month: month, day: day)
            cachedDateKey = key
            cachedDateKeyDay = keyDay
            cachedDays = days
            hasCachedDate = true
        }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + 0.0)
    }
}
