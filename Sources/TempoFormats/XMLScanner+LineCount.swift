extension XMLScanner {
    /// Where a run of bytes ends, in lines: the line feeds in it, and the bytes after the last one
    /// (what the next byte's column is, less one). Counted for error messages only.
    struct LineCount {
        var lines = 0
        var column = 0

        /// Counts on over the `count` bytes at `bytes`, which follow the bytes counted so far.
        mutating func add(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
            let found = Self.newlines(bytes, count)
            guard found > 0 else {
                column += count
                return
            }
            lines += found
            var lastNewline = count - 1
            while bytes[lastNewline] != UInt8(ascii: "\n") { lastNewline -= 1 }
            column = count - lastNewline - 1
        }

        /// Line feeds among the `count` bytes at `bytes`, eight bytes at a time.
        private static func newlines(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
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
    }
}
