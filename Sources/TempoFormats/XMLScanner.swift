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
    /// Bytes already dropped from the buffer: the offset in the input of `base[0]`.
    private var droppedBytes = 0
    /// Whether the dropped bytes can be read again, from a regular file read from its start: their
    /// lines are then counted only when an error needs its place. From a pipe they cannot, and
    /// `droppedLines` counts them as they are dropped.
    private let rereadable: Bool
    private var droppedLines = LineCount()

    /// The open elements' qualified names, one after another; `openElements` marks where each ends.
    var openNames: UnsafeMutablePointer<UInt8>
    private var openNamesCapacity = 256
    var openNamesCount = 0
    var openElements: UnsafeMutablePointer<OpenElement>
    private var openElementsCapacity = 32
    var depth = 0
    var sawRoot = false
    /// Where the tag being handled starts: content errors are reported there.
    var callbackPosition = 0
    /// The element the handler asked to learn (`XMLRepeat.learn`): how many elements were open
    /// around it (-1: none), and where its start tag is in the buffer.
    var learningDepth = -1, learningStart = 0

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
        var status = stat()
        rereadable = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && lseek(descriptor, 0, SEEK_CUR) == 0
        capacity = 2 * Self.chunkSize
        base = .allocate(capacity: capacity)
        scratch = .allocate(capacity: scratchCapacity)
        attributes = .allocate(capacity: attributeCapacity)
        openNames = .allocate(capacity: openNamesCapacity)
        openElements = .allocate(capacity: openElementsCapacity)
    }

    /// Scans a document already in memory (transcoded to UTF-8).
    init(document: [UInt8]) {
        descriptor = nil
        rereadable = false
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
        openElements = .allocate(capacity: openElementsCapacity)
    }

    deinit {
        base.deallocate()
        scratch.deallocate()
        attributes.deallocate()
        openNames.deallocate()
        openElements.deallocate()
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
        var lines = rereadable ? linesDropped() : droppedLines
        lines.add(base, min(position, count))
        return "line \(lines.lines + 1), column \(lines.column + 1)"
    }

    /// The lines of the bytes dropped from the buffer, read again from the file. (Should the file
    /// have shrunk since, the lines of what is left of those bytes.)
    private func linesDropped() -> LineCount {
        var lines = LineCount()
        guard let descriptor, droppedBytes > 0 else { return lines }
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { chunk.deallocate() }
        var offset = 0
        while offset < droppedBytes {
            let result = pread(descriptor, chunk, min(Self.chunkSize, droppedBytes - offset), off_t(offset))
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { break }
            lines.add(chunk, result)
            offset += result
        }
        return lines
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
        // The buffer may move: an element being learned is not handed over.
        learningDepth = -1
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

    /// Drops the bytes before `position` (counting their lines for `location(of:)` when they
    /// cannot be read again).
    private mutating func compact() {
        guard position > 0 else { return }
        keepText()
        droppedBytes += position
        if !rereadable { droppedLines.add(base, position) }
        memmove(base, base + position, count - position)
        count -= position
        position = 0
    }

    /// Copies `count` bytes from `source` to `target`, which do not overlap (names are short: no
    /// library call).
    @inline(__always)
    static func copyBytes(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, _ count: Int) {
        // Whole words, the last one overlapping the one before when the count is not a multiple.
        func copy<Word: FixedWidthInteger>(_ word: Word.Type, at index: Int) {
            UnsafeMutableRawPointer(target + index).storeBytes(of: UnsafeRawPointer(source + index).loadUnaligned(as: Word.self), as: Word.self)
        }
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                copy(UInt64.self, at: index)
                index += 8
            }
            copy(UInt64.self, at: count - 8)
        } else if count >= 4 {
            copy(UInt32.self, at: 0)
            copy(UInt32.self, at: count - 4)
        } else if count >= 2 {
            copy(UInt16.self, at: 0)
            copy(UInt16.self, at: count - 2)
        } else if count == 1 {
            target[0] = source[0]
        }
    }

    /// Whether the `count` bytes at `a` and `b` are equal (names are short: no library call).
    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        // Whole words, the last one overlapping the one before when the count is not a multiple.
        func same<Word: FixedWidthInteger>(_ word: Word.Type, at index: Int) -> Bool {
            UnsafeRawPointer(a + index).loadUnaligned(as: Word.self) == UnsafeRawPointer(b + index).loadUnaligned(as: Word.self)
        }
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                if !same(UInt64.self, at: index) { return false }
                index += 8
            }
            return same(UInt64.self, at: count - 8)
        }
        if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4) }
        if count >= 2 { return same(UInt16.self, at: 0) && same(UInt16.self, at: count - 2) }
        return count == 0 || a[0] == b[0]
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

    /// Where an open element's qualified name ends in `openNames` (it starts where the enclosing
    /// element's ends), and where its local name starts there.
    struct OpenElement {
        var nameEnd: Int
        var localNameStart: Int
    }

    /// Pushes the name of an element just opened, `length` bytes at `start` in the buffer, whose
    /// local name starts `prefixLength` bytes in.
    @inline(__always)
    mutating func pushOpenName(_ start: Int, _ length: Int, prefixLength: Int) {
        if openNamesCount + length > openNamesCapacity || depth == openElementsCapacity { growOpenNames(length) }
        Self.copyBytes(base + start, to: openNames + openNamesCount, length)
        openElements[depth] = OpenElement(nameEnd: openNamesCount + length, localNameStart: openNamesCount + prefixLength)
        openNamesCount += length
        depth += 1
    }

    /// Where the innermost open element's qualified name is in `openNames` (`depth` > 0).
    @inline(__always)
    var openName: Range<Int> {
        Range(uncheckedBounds: (openNameStart, openElements[depth - 1].nameEnd))
    }

    /// Where the innermost open element's qualified name starts in `openNames` (`depth` > 0).
    @inline(__always)
    var openNameStart: Int {
        depth > 1 ? openElements[depth - 2].nameEnd : 0
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
        if depth == openElementsCapacity {
            let grown = UnsafeMutablePointer<OpenElement>.allocate(capacity: openElementsCapacity * 2)
            grown.update(from: openElements, count: depth)
            openElements.deallocate()
            openElements = grown
            openElementsCapacity *= 2
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
