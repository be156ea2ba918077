import Foundation

/// Tempo's one XML tokenizer: a streaming pass over UTF-8 bytes that reports elements to an
/// `XMLHandler` (one per format) without making a `String` of any tag, attribute or text.
///
/// It checks what the readers rely on — tags nest and match, attributes are quoted, entity
/// references are known, the document is complete — and names the line and column of each
/// error (1-based, columns in bytes). Not a validating parser: DTDs are skipped, only the
/// predefined and numeric entities are expanded. It reads UTF-8 only: `scan(_:into:)` transcodes
/// documents in other encodings first (`XMLTranscoder`).
///
/// Its buffers are its own: the names, attributes and text it hands a handler are views of them.
struct XMLScanner: ~Copyable {
    /// Why a scan stopped, ready for a `FormatError`.
    struct Failure: Error {
        var location: String?
        var reason: String
    }

    static let chunkSize = 1 << 20

    /// The file read from, or nil when the whole document is in the buffer from the start.
    private let descriptor: Int32?
    var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0
    var position = 0
    private var atEnd = false
    /// Line feeds in the bytes already dropped from the buffer, and the column after the last one.
    private var droppedLines = 0
    private var droppedColumn = 0

    /// The open elements' qualified names, one after another; `openNameEnds` marks where each ends.
    var openNames: UnsafeMutablePointer<UInt8>
    private var openNamesCapacity = 256
    var openNamesCount = 0
    var openNameEnds: UnsafeMutablePointer<Int>
    private var openNameEndsCapacity = 32
    var depth = 0
    var sawRoot = false
    /// Where the tag being handled starts: content errors are reported there.
    var callbackPosition = 0

    /// The collected text: one plain piece still in the buffer (`rawText`), or bytes in `scratch`.
    var rawText: Range<Int>?
    /// Collected text, and a start tag's decoded attribute values while it is handled.
    var scratch: UnsafeMutablePointer<UInt8>
    private var scratchCapacity = 256
    var scratchCount = 0
    /// The current start tag's attributes.
    var attributes: UnsafeMutablePointer<Attribute>
    private var attributeCapacity = 16
    var attributeCount = 0

    /// Reads the document from `descriptor`, a chunk at a time.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        capacity = 2 * Self.chunkSize
        base = .allocate(capacity: capacity)
        scratch = .allocate(capacity: scratchCapacity)
        attributes = .allocate(capacity: attributeCapacity)
        openNames = .allocate(capacity: openNamesCapacity)
        openNameEnds = .allocate(capacity: openNameEndsCapacity)
    }

    /// Scans a document already in memory (transcoded to UTF-8).
    init(document: [UInt8]) {
        descriptor = nil
        capacity = max(document.count, 1)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        document.withUnsafeBufferPointer { document in
            if let start = document.baseAddress { bytes.update(from: start, count: document.count) }
        }
        base = bytes
        count = document.count
        atEnd = true
        scratch = .allocate(capacity: scratchCapacity)
        attributes = .allocate(capacity: attributeCapacity)
        openNames = .allocate(capacity: openNamesCapacity)
        openNameEnds = .allocate(capacity: openNameEndsCapacity)
    }

    deinit {
        base.deallocate()
        scratch.deallocate()
        attributes.deallocate()
        openNames.deallocate()
        openNameEnds.deallocate()
    }

    /// Scans the whole document, handing its elements to `handler`.
    mutating func run<Handler: XMLHandler>(_ handler: inout Handler) throws(Failure) {
        while try fill(1) {
            if base[position] == UInt8(ascii: "<") {
                try markup(&handler)
            } else {
                try text(&handler)
            }
        }
        if depth > 0 { throw syntaxError("the document ends too early", at: position) }
        if !sawRoot { throw syntaxError("the document is empty", at: position) }
    }

    /// "line L, column C" of the byte at `position` in the buffer.
    func location(of position: Int) -> String {
        var line = droppedLines + 1
        var lastNewline = -1
        for index in 0..<min(position, count) where base[index] == UInt8(ascii: "\n") {
            line += 1
            lastNewline = index
        }
        let column = lastNewline < 0 ? droppedColumn + position + 1 : position - lastNewline
        return "line \(line), column \(column)"
    }

    func syntaxError(_ reason: String, at position: Int) -> Failure {
        Failure(location: location(of: position), reason: "malformed XML: \(reason)")
    }

    // MARK: Buffer

    /// Makes `needed` bytes available from `position`; false at the end of the input.
    @inline(__always)
    mutating func fill(_ needed: Int) throws(Failure) -> Bool {
        if count - position >= needed { return true }
        return try refill(needed)
    }

    private mutating func refill(_ needed: Int) throws(Failure) -> Bool {
        while count - position < needed {
            guard !atEnd, let descriptor else { return false }
            compact()
            if capacity - count < Self.chunkSize {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + Self.chunkSize))
                grown.update(from: base, count: count)
                base.deallocate()
                base = grown
                capacity = max(capacity * 2, count + Self.chunkSize)
            }
            var got = 0
            while got < Self.chunkSize {
                let result = read(descriptor, base + count + got, Self.chunkSize - got)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw Failure(location: nil, reason: "read failed: \(String(cString: strerror(errno)))")
                }
                if result == 0 { break }
                got += result
            }
            if got == 0 { atEnd = true } else { count += got }
        }
        return true
    }

    /// Reads the rest of the input without dropping anything: the whole document from the buffer's start.
    mutating func readAll() throws(Failure) -> [UInt8] {
        position = 0
        while try refill(count + 1) {}
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Drops the bytes before `position`, counting their lines for `location(of:)`.
    private mutating func compact() {
        guard position > 0 else { return }
        keepText()
        droppedLines += Self.newlines(base, position)
        var lastNewline = position - 1
        while lastNewline >= 0, base[lastNewline] != UInt8(ascii: "\n") { lastNewline -= 1 }
        droppedColumn = lastNewline < 0 ? droppedColumn + position : position - lastNewline - 1
        memmove(base, base + position, count - position)
        count -= position
        position = 0
    }

    /// Line feeds among the `count` bytes at `bytes`, eight bytes at a time: lines are counted for
    /// error messages only, but over every byte read, so this must cost next to nothing.
    private static func newlines(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var total = 0
        var index = 0
        while index + 8 <= count {
            // Eight one-byte counters, summed across before any of them can pass 255.
            var lanes: UInt64 = 0
            var words = 0
            while words < Int(UInt8.max) && index + 8 <= count {
                // Bytes equal to 0x0A become zero; each zero byte (exactly) gets its top bit set.
                let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                lanes &+= ~(((word & low) &+ low) | word | low) >> 7
                index += 8
                words += 1
            }
            total += Int(truncatingIfNeeded: (lanes &* 0x0101_0101_0101_0101) >> 56)
        }
        while index < count {
            if bytes[index] == UInt8(ascii: "\n") { total += 1 }
            index += 1
        }
        return total
    }

    /// Whether the `count` bytes at `a` and `b` are equal (names are short: no library call).
    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
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

    /// The offset from `position` of the first `byte` at or after offset `from`, reading more as
    /// needed. Offsets, not indices, because reading may move the buffer.
    mutating func find(_ byte: UInt8, from: Int) throws(Failure) -> Int? {
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
    mutating func find(_ pattern: StaticString, from: Int) throws(Failure) -> Int? {
        let length = pattern.utf8CodeUnitCount
        var searchFrom = from
        while true {
            guard let first = try find(pattern.utf8Start[0], from: searchFrom) else { return nil }
            guard try fill(first + length) else { return nil }
            if memcmp(base + position + first, pattern.utf8Start, length) == 0 { return first + length }
            searchFrom = first + 1
        }
    }

    /// Whether the bytes at `index` are `pattern` (the caller made them available).
    func starts(with pattern: StaticString, at index: Int) -> Bool {
        count - index >= pattern.utf8CodeUnitCount && memcmp(base + index, pattern.utf8Start, pattern.utf8CodeUnitCount) == 0
    }

    // MARK: Scratch

    /// Appends `length` bytes at `bytes` to `scratch`.
    mutating func appendToScratch(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        if scratchCount + length > scratchCapacity {
            let newCapacity = max(scratchCapacity * 2, scratchCount + length)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: scratch, count: scratchCount)
            scratch.deallocate()
            scratch = grown
            scratchCapacity = newCapacity
        }
        (scratch + scratchCount).update(from: bytes, count: length)
        scratchCount += length
    }

    /// Appends the UTF-8 of `text` to `scratch`.
    mutating func appendToScratch(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if let start = utf8.baseAddress { appendToScratch(start, utf8.count) }
        }
    }

    /// Pushes the name of an element just opened, `length` bytes at `start` in the buffer.
    @inline(__always)
    mutating func pushOpenName(_ start: Int, _ length: Int) {
        if openNamesCount + length > openNamesCapacity || depth == openNameEndsCapacity { growOpenNames(length) }
        (openNames + openNamesCount).update(from: base + start, count: length)
        openNamesCount += length
        openNameEnds[depth] = openNamesCount
        depth += 1
    }

    /// Room for one more open element whose name is `length` bytes long.
    private mutating func growOpenNames(_ length: Int) {
        if openNamesCount + length > openNamesCapacity {
            let newCapacity = max(openNamesCapacity * 2, openNamesCount + length)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: openNames, count: openNamesCount)
            openNames.deallocate()
            openNames = grown
            openNamesCapacity = newCapacity
        }
        if depth == openNameEndsCapacity {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: openNameEndsCapacity * 2)
            grown.update(from: openNameEnds, count: depth)
            openNameEnds.deallocate()
            openNameEnds = grown
            openNameEndsCapacity *= 2
        }
    }

    /// Room for one more attribute.
    mutating func reserveAttribute() {
        guard attributeCount == attributeCapacity else { return }
        let grown = UnsafeMutablePointer<Attribute>.allocate(capacity: attributeCapacity * 2)
        grown.update(from: attributes, count: attributeCount)
        attributes.deallocate()
        attributes = grown
        attributeCapacity *= 2
    }
}
