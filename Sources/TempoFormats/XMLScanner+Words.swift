extension XMLScanner {
    /// Searches eight bytes at a time: the scanner looks at every byte of a document, and most of
    /// them lie in runs (names, values, text) that end at one of a few delimiters.
    enum Words {
        private static let ones: UInt64 = 0x0101_0101_0101_0101
        private static let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        static let highs: UInt64 = 0x8080_8080_8080_8080

        /// The eight bytes at `bytes`, the first in the lowest byte.
        @inline(__always)
        static func load(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
        }

        /// The top bit of each byte of `word` that is `byte`, and no other bit.
        @inline(__always)
        static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let zeroWhereEqual = word ^ (ones &* UInt64(byte))
            return ~(((zeroWhereEqual & low) &+ low) | zeroWhereEqual | low)
        }

        /// The top bit of each byte of `word` above `>` (letters, `_`, and every byte of a
        /// multi-byte character): the bytes that certainly continue a name.
        @inline(__always)
        static func aboveGreaterThan(_ word: UInt64) -> UInt64 {
            // 0x41 carries a seven-bit byte into the top bit exactly when it is 0x3F or more.
            (((word & low) &+ 0x4141_4141_4141_4141) | word) & highs
        }

        /// The index of the byte that holds the lowest top bit set in `bits` (which is not zero).
        @inline(__always)
        static func firstByte(_ bits: UInt64) -> Int {
            bits.trailingZeroBitCount >> 3
        }
    }

    /// The run of name bytes at `index` in the buffer, looking no further than `limit`: where it
    /// ends, and where the local name starts in it (after its last `:`, if any).
    @inline(__always)
    func scanName(from index: Int, limit: Int) -> (end: Int, localStart: Int) {
        var index = index
        var localStart = index
        while true {
            while index + 8 <= limit {
                let letters = Words.aboveGreaterThan(Words.load(base + index))
                if letters != Words.highs {
                    index += Words.firstByte(~letters & Words.highs)
                    break
                }
                index += 8
            }
            // A byte up to `>`: a digit, `-`, `.` or `:` go on with the name, the rest end it.
            guard index < limit, Self.isNameByte(base[index]) else { return (index, localStart) }
            if base[index] == UInt8(ascii: ":") { localStart = index + 1 }
            index += 1
        }
    }

    /// The first `quote`, `&` or byte of a multi-byte character at or after `index` in the buffer,
    /// or `limit` when none comes before it: where a plain attribute value ends, or why it is not plain.
    @inline(__always)
    func valueStop(from index: Int, limit: Int, quote: UInt8) -> Int {
        Self.valueStop(base, from: index, limit: limit, quote: quote)
    }

    /// `valueStop(from:limit:quote:)` in the bytes at `bytes`.
    @inline(__always)
    static func valueStop(_ bytes: UnsafePointer<UInt8>, from index: Int, limit: Int, quote: UInt8) -> Int {
        var index = index
        while index + 8 <= limit {
            let word = Words.load(bytes + index)
            let stops = Words.matches(word, quote) | Words.matches(word, UInt8(ascii: "&")) | (word & Words.highs)
            if stops != 0 { return index + Words.firstByte(stops) }
            index += 8
        }
        while index < limit, bytes[index] != quote, bytes[index] != UInt8(ascii: "&"), bytes[index] < 0x80 { index += 1 }
        return index
    }

    /// The first `<`, `&` or byte of a multi-byte character at or after `index` in the buffer, or
    /// `limit` when none comes before it: where text ends, or why it is not plain.
    @inline(__always)
    func textStop(from index: Int, limit: Int) -> Int {
        Self.textStop(base, from: index, limit: limit)
    }

    /// `textStop(from:limit:)` in the bytes at `bytes`.
    @inline(__always)
    static func textStop(_ bytes: UnsafePointer<UInt8>, from index: Int, limit: Int) -> Int {
        var index = index
        while index + 8 <= limit {
            let word = Words.load(bytes + index)
            let stops = Words.matches(word, UInt8(ascii: "<")) | Words.matches(word, UInt8(ascii: "&")) | (word & Words.highs)
            if stops != 0 { return index + Words.firstByte(stops) }
            index += 8
        }
        while index < limit, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&"), bytes[index] < 0x80 { index += 1 }
        return index
    }
}
