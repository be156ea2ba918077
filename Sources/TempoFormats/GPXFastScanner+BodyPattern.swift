extension GPXFastScanner {
    /// The start tags of the last plain point body, in order: each name's bytes and what it is,
    /// so that the next point's names are compared rather than scanned.
    ///
    /// Manually allocated: call `deallocate()` when done.
    struct BodyPattern {
        /// The most start tags one plain point body may have.
        static let limit = 32

        /// The names' bytes, one after another.
        private(set) var bytes: UnsafeMutablePointer<UInt8>
        private var capacity = 256
        private var entries: UnsafeMutablePointer<(offset: Int, length: Int, code: Name)>
        /// Number of start tags recorded.
        private(set) var count = 0

        init() {
            bytes = .allocate(capacity: capacity)
            entries = .allocate(capacity: Self.limit)
        }

        func deallocate() {
            bytes.deallocate()
            entries.deallocate()
        }

        /// The `index`th start tag of the last body: where its name is in `bytes`, its length, what it is.
        @inline(__always)
        func entry(_ index: Int) -> (offset: Int, length: Int, code: Name)? {
            index < count ? entries[index] : nil
        }

        /// Keeps the `count` start tags of a body just read (names given as ranges of `buffer`).
        mutating func record(
            _ starts: UnsafeMutablePointer<(start: Int, length: Int, code: Name)>, count: Int, from buffer: UnsafeMutablePointer<UInt8>
        ) {
            var total = 0
            for index in 0..<count { total += starts[index].length }
            if total > capacity {
                bytes.deallocate()
                capacity = max(total, capacity * 2)
                bytes = .allocate(capacity: capacity)
            }
            var offset = 0
            for index in 0..<count {
                let start = starts[index]
                (bytes + offset).update(from: buffer + start.start, count: start.length)
                entries[index] = (offset, start.length, start.code)
                offset += start.length
            }
            self.count = count
        }
    }
}
