extension GPXFastScanner {
    /// The shape of the last plain point body: its bytes with the values cut out (literals), and
    /// what each value is. A track's points usually differ only in their values, so the next
    /// body is compared with the literals (eight bytes at a time) and only its values are parsed.
    ///
    /// Manually allocated: call `deallocate()` when done.
    struct PointTemplate {
        /// The most values one template holds.
        static let slotLimit = 32

        /// The point element's name, then the literals, one after another.
        private(set) var bytes: UnsafeMutablePointer<UInt8>
        private var capacity = 512
        private var literals: UnsafeMutablePointer<(offset: Int, length: Int)>
        private var slots: UnsafeMutablePointer<Name>
        /// Number of values; `nil` when there is no template.
        private(set) var slotCount: Int?
        /// Length of the point element's name (at the start of `bytes`).
        private(set) var pointNameLength = 0
        /// Length of the point's end tag, which closes the last literal.
        private(set) var endTagLength = 0

        init() {
            bytes = .allocate(capacity: capacity)
            literals = .allocate(capacity: Self.slotLimit + 1)
            slots = .allocate(capacity: Self.slotLimit)
        }

        func deallocate() {
            bytes.deallocate()
            literals.deallocate()
            slots.deallocate()
        }

        /// The `index`th literal (the last one, at `slotCount`, ends with the point's end tag).
        @inline(__always)
        func literal(_ index: Int) -> (offset: Int, length: Int) { literals[index] }

        /// What the value after the `index`th literal is.
        @inline(__always)
        func slot(_ index: Int) -> Name { slots[index] }

        /// Keeps the shape of a body just read: `pieces` are the buffer ranges of the literals
        /// before each value and what the value is, `last` the range of the final literal.
        mutating func record(
            pointName: UnsafePointer<UInt8>, length nameLength: Int,
            pieces: UnsafeMutablePointer<(start: Int, end: Int, slot: Name)>, count: Int,
            last: (start: Int, end: Int), endTagLength: Int, from buffer: UnsafeMutablePointer<UInt8>
        ) {
            var total = nameLength + last.end - last.start
            for index in 0..<count { total += pieces[index].end - pieces[index].start }
            if total > capacity {
                bytes.deallocate()
                capacity = max(total, capacity * 2)
                bytes = .allocate(capacity: capacity)
            }
            bytes.update(from: pointName, count: nameLength)
            var offset = nameLength
            func append(_ start: Int, _ end: Int, at index: Int) {
                (bytes + offset).update(from: buffer + start, count: end - start)
                literals[index] = (offset, end - start)
                offset += end - start
            }
            for index in 0..<count {
                append(pieces[index].start, pieces[index].end, at: index)
                slots[index] = pieces[index].slot
            }
            append(last.start, last.end, at: count)
            pointNameLength = nameLength
            self.endTagLength = endTagLength
            slotCount = count
        }

        /// No template until the next plain body is read.
        mutating func forget() {
            slotCount = nil
        }
    }
}

extension GPXFastScanner {
    /// The last plain `<trkpt …>` start tag with its `lat` and `lon` values cut out: three literals
    /// around the two values. With `PointTemplate` it lets a whole track point be read by compare.
    ///
    /// Manually allocated: call `deallocate()` when done.
    struct StartTagTemplate {
        private(set) var bytes: UnsafeMutablePointer<UInt8>
        private var capacity = 128
        private var literals: (first: Int, second: Int, third: Int) = (0, 0, 0)
        /// Whether `lat` comes before `lon`.
        private(set) var latitudeFirst = true
        private(set) var isValid = false

        init() {
            bytes = .allocate(capacity: capacity)
        }

        func deallocate() {
            bytes.deallocate()
        }

        /// The `index`th literal (0…2) as a range of `bytes`.
        @inline(__always)
        func literal(_ index: Int) -> (offset: Int, length: Int) {
            switch index {
            case 0: (0, literals.first)
            case 1: (literals.first, literals.second)
            default: (literals.first + literals.second, literals.third)
            }
        }

        /// Keeps the start tag from `start` to `close` (its `>`) whose values are the ranges `first`
        /// and `second` of `buffer`.
        mutating func record(
            _ buffer: UnsafeMutablePointer<UInt8>, start: Int, close: Int, first: (start: Int, end: Int),
            second: (start: Int, end: Int), latitudeFirst: Bool
        ) {
            let lengths = (first.start - start, second.start - first.end, close + 1 - second.end)
            let total = lengths.0 + lengths.1 + lengths.2
            if total > capacity {
                bytes.deallocate()
                capacity = max(total, capacity * 2)
                bytes = .allocate(capacity: capacity)
            }
            bytes.update(from: buffer + start, count: lengths.0)
            (bytes + lengths.0).update(from: buffer + first.end, count: lengths.1)
            (bytes + lengths.0 + lengths.1).update(from: buffer + second.end, count: lengths.2)
            literals = lengths
            self.latitudeFirst = latitudeFirst
            isValid = true
        }
    }
}
