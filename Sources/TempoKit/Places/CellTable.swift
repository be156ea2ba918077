import CTempoPrefetch

/// The cells of `ConditionIndex`'s grid, all levels together: each non-empty cell's entries, by cell key.
///
/// Every cell keeps its entries in one run of two shared arrays, the entries' boxes in one and
/// their slots at the same places in the other, and an open-addressing table maps the key to the
/// run's place: a point query reads one bucket, then one run of boxes (eight at a time, see
/// `collect`) and only the slots of the boxes that cover the point, with no per-cell allocation.
/// A run's capacity is the smallest of 2, 3, 4, 6, 8, 12, … (powers of two and their halfway
/// points) that holds its count, so a cell moves to a run of another capacity when its count
/// crosses one; vacated runs are reused for the same capacity, and once they make up an eighth of
/// the arrays the runs are packed again. The table probes linearly, deletes by shifting
/// back (no tombstones) and is at most 70 % full, like `IdentifierTable`.
struct CellTable: Sendable {
    private struct Bucket: Sendable {
        /// `empty` for an unused bucket.
        var key: Int64
        var start: Int32
        var count: Int32
    }

    private static let empty: Int64 = -1
    /// Vacancies smaller than this are never worth packing away.
    private static let smallestPackedVacancy = 1024
    private static let filler = ConditionIndex.Entry(slot: -1, south: 0, north: 0, west: 0, east: 0)
    /// Boxes compared at once by `collect`.
    private typealias Boxes = SIMD8<UInt32>

    private var buckets: [Bucket] = []
    /// Buckets are found from the top bits of the mixed key: `64 − log2(buckets.count)`.
    private var shift = 64
    private var cellCount = 0
    /// Every cell's run, back to back, and vacated runs waiting for reuse: the entries' boxes
    /// (`ConditionIndex.Entry.box`) and, at the same places, their slots.
    private var boxes: [UInt32] = []
    private var slots: [Int32] = []
    /// Vacated runs by capacity class, and how many entries they span in all.
    private var vacantRuns: [[Int32]] = []
    private var vacantCount = 0

    /// Whether no cell has an entry.
    var isEmpty: Bool { cellCount == 0 }

    /// Where a cell's entries are (to pass to `collect`), nil if the cell has none.
    func run(of key: Int64) -> Range<Int>? {
        guard let i = find(key) else { return nil }
        let start = Int(buckets[i].start)
        return start..<(start + Int(buckets[i].count))
    }

    /// Starts loading a run's entries into the cache without waiting for them (a hint; see
    /// `collect`), so that their load overlaps whatever the caller does before collecting.
    func prefetch(_ run: Range<Int>) {
        func prefetch(_ array: UnsafeBufferPointer<some BitwiseCopyable>) {
            guard let base = array.baseAddress else { return }
            var j = run.lowerBound
            while j < run.upperBound {
                tempo_prefetch(base + j)
                j += 16
            }
            tempo_prefetch(base + run.upperBound - 1)
        }
        boxes.withUnsafeBufferPointer(prefetch)
        slots.withUnsafeBufferPointer(prefetch)
    }

    /// Appends to `found` the slot of each entry of a cell's run whose box covers the subdivision
    /// `across` (rows) and `along` (columns) of the cell.
    ///
    /// Eight boxes at a time take the test of `ConditionIndex.Entry.covers` lane by lane (one
    /// vector subtraction, mask and comparison); the few groups with a covering box are then
    /// read lane by lane, and the last boxes of the run one by one.
    func collect(_ run: Range<Int>, across: UInt8, along: UInt8, into found: inout [Int32]) {
        let point = ConditionIndex.Entry.point(across: across, along: along)
        boxes.withUnsafeBufferPointer { boxes in
            slots.withUnsafeBufferPointer { slots in
                guard let base = boxes.baseAddress else { return }
                let points = Boxes(repeating: point), topBits = Boxes(repeating: ConditionIndex.Entry.topBits)
                var j = run.lowerBound
                while j + Boxes.scalarCount <= run.upperBound {
                    let group = UnsafeRawPointer(base + j).loadUnaligned(as: Boxes.self)
                    let covering = (points &- group) & topBits .== topBits
                    if any(covering) {
                        for k in 0..<Boxes.scalarCount where covering[k] { found.append(slots[j + k]) }
                    }
                    j += Boxes.scalarCount
                }
                while j < run.upperBound {
                    if ConditionIndex.Entry.covers(point, box: boxes[j]) { found.append(slots[j]) }
                    j += 1
                }
            }
        }
    }

    /// Adds an entry to a cell.
    mutating func append(_ entry: ConditionIndex.Entry, to key: Int64) {
        packIfSparse()
        let i = findOrInsert(key)
        var bucket = buckets[i]
        let count = Int(bucket.count)
        if count == 0 {
            bucket.start = allocate(class: 0)
        } else if Self.capacityClass(for: count + 1) > Self.capacityClass(for: count) {
            bucket.start = move(start: bucket.start, count: count, from: Self.capacityClass(for: count),
                                to: Self.capacityClass(for: count + 1))
        }
        boxes[Int(bucket.start) + count] = entry.box
        slots[Int(bucket.start) + count] = entry.slot
        bucket.count += 1
        buckets[i] = bucket
    }

    /// Removes the entry of `slot` from a cell (nothing happens if it is not there).
    mutating func remove(slot: Int32, from key: Int64) {
        packIfSparse()
        guard let i = find(key) else { return }
        var bucket = buckets[i]
        let start = Int(bucket.start), count = Int(bucket.count)
        guard let at = slots[start..<(start + count)].firstIndex(of: slot) else { return }
        copy(from: start + count - 1, to: at)
        if count == 1 {
            vacate(start: bucket.start, class: 0)
            delete(at: i)
            return
        }
        if Self.capacityClass(for: count - 1) < Self.capacityClass(for: count) {
            bucket.start = move(start: bucket.start, count: count - 1, from: Self.capacityClass(for: count),
                                to: Self.capacityClass(for: count - 1))
        }
        bucket.count -= 1
        buckets[i] = bucket
    }

    /// Approximate heap bytes held (capacities).
    var bytes: Int {
        buckets.capacity * MemoryLayout<Bucket>.stride + boxes.capacity * 4 + slots.capacity * 4
            + vacantRuns.reduce(0) { $0 + $1.capacity * 4 }
    }

    // MARK: - Runs

    /// Capacity class `k` holds 2, 3, 4, 6, 8, 12, … entries for k = 0, 1, 2, …
    private static func capacity(ofClass k: Int) -> Int {
        (k.isMultiple(of: 2) ? 2 : 3) << (k / 2)
    }

    /// The class of the smallest run that holds `count` (≥ 1) entries: with 2ᵇ⁻¹ < count ≤ 2ᵇ,
    /// class 2b − 3 (3·2ᵇ⁻² entries) if that is enough, else 2b − 2 (2ᵇ entries).
    private static func capacityClass(for count: Int) -> Int {
        guard count > 2 else { return 0 }
        let b = Int.bitWidth - (count - 1).leadingZeroBitCount
        return 3 << (b - 2) >= count ? 2 * b - 3 : 2 * b - 2
    }

    private mutating func allocate(class k: Int) -> Int32 {
        if k < vacantRuns.count, let start = vacantRuns[k].popLast() {
            vacantCount -= Self.capacity(ofClass: k)
            return start
        }
        let start = Int32(boxes.count), capacity = Self.capacity(ofClass: k)
        LargeArray.reserve(capacity, in: &boxes, growth: 1)
        LargeArray.reserve(capacity, in: &slots, growth: 1)
        boxes.append(contentsOf: repeatElement(Self.filler.box, count: capacity))
        slots.append(contentsOf: repeatElement(Self.filler.slot, count: capacity))
        return start
    }

    private mutating func vacate(start: Int32, class k: Int) {
        while vacantRuns.count <= k { vacantRuns.append([]) }
        vacantRuns[k].append(start)
        vacantCount += Self.capacity(ofClass: k)
    }

    /// Moves a run's first `count` entries to a run of another class; returns its start.
    private mutating func move(start: Int32, count: Int, from oldClass: Int, to newClass: Int) -> Int32 {
        let newStart = allocate(class: newClass)
        for k in 0..<count { copy(from: Int(start) + k, to: Int(newStart) + k) }
        vacate(start: start, class: oldClass)
        return newStart
    }

    /// Packs the runs back to back, in place, once vacated runs make up an eighth of the array:
    /// cells that grow together leave runs of every smaller capacity behind them.
    private mutating func packIfSparse() {
        guard vacantCount > Self.smallestPackedVacancy, 8 * vacantCount > boxes.count else { return }
        let cells = buckets.indices.filter { buckets[$0].key != Self.empty }.sorted { buckets[$0].start < buckets[$1].start }
        var end = 0
        for i in cells {
            let start = Int(buckets[i].start), count = Int(buckets[i].count)
            for k in 0..<count { copy(from: start + k, to: end + k) }
            buckets[i].start = Int32(end)
            end += Self.capacity(ofClass: Self.capacityClass(for: count))
        }
        boxes.removeLast(boxes.count - end)
        slots.removeLast(slots.count - end)
        vacantRuns = []
        vacantCount = 0
    }

    /// Copies the entry at one place of the runs to another.
    private mutating func copy(from source: Int, to destination: Int) {
        boxes[destination] = boxes[source]
        slots[destination] = slots[source]
    }

    // MARK: - Table

    /// Fibonacci hashing: the top bits of the key times 2⁶⁴/φ.
    private func home(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private func find(_ key: Int64) -> Int? {
        guard cellCount > 0 else { return nil }
        let mask = buckets.count - 1
        var i = home(key)
        while buckets[i].key != key {
            if buckets[i].key == Self.empty { return nil }
            i = (i + 1) & mask
        }
        return i
    }

    /// The bucket of `key`, inserted empty (count 0) if the cell is new.
    private mutating func findOrInsert(_ key: Int64) -> Int {
        if let i = find(key) { return i }
        if (cellCount + 1) * 10 > buckets.count * 7 { grow() }
        let mask = buckets.count - 1
        var i = home(key)
        while buckets[i].key != Self.empty { i = (i + 1) & mask }
        buckets[i] = Bucket(key: key, start: 0, count: 0)
        cellCount += 1
        return i
    }

    /// Empties bucket `i`, shifting later members of its cluster back so that every probe
    /// sequence stays unbroken.
    private mutating func delete(at position: Int) {
        let mask = buckets.count - 1
        var i = position, j = position
        while true {
            j = (j + 1) & mask
            let moving = buckets[j]
            if moving.key == Self.empty { break }
            let home = home(moving.key)
            let homeBetween = i <= j ? (home > i && home <= j) : (home > i || home <= j)
            if !homeBetween {
                buckets[i] = moving
                i = j
            }
        }
        buckets[i].key = Self.empty
        cellCount -= 1
    }

    private mutating func grow() {
        let old = buckets
        let size = max(16, buckets.count * 2)
        buckets = LargeArray.repeating(Bucket(key: Self.empty, start: 0, count: 0), count: size)
        shift = 64 - size.trailingZeroBitCount
        let mask = size - 1
        for bucket in old where bucket.key != Self.empty {
            var i = home(bucket.key)
            while buckets[i].key != Self.empty { i = (i + 1) & mask }
            buckets[i] = bucket
        }
    }
}
