import Foundation

/// The geometry of every condition, stored so that a fix only looks at conditions near it.
///
/// Conditions live in slots numbered by `Int32` (freed slots are reused). Each circle belongs to
/// one level of a multi-level uniform latitude/longitude grid — the finest level whose cell is at
/// least the circle's radius, so that it touches a few cells at most — and is registered in
/// every cell of that level its bounding box touches (one `CellTable` holds the cells of all
/// levels). An entry is the slot and the part of the cell the box covers, in 128ths of the cell
/// each way: a point query reads one run of entries per non-empty level and keeps those whose box
/// covers the point's 128th, a superset of the circles that contain the point (`MonitorCore`
/// decides which really do).
struct ConditionIndex: Sendable {
    /// One condition in one cell: its slot, and the rows and columns of `subdivisions`ths of the
    /// cell that its bounding box covers, first and last included.
    struct Entry: Sendable {
        var slot: Int32
        /// South, north, west and east, a byte each, with north and east counted back from the
        /// last row and column: then "the point is not south of the box, not north of it, …" is,
        /// byte by byte, "the point's value is at least the box's" (see `covers`).
        private(set) var box: UInt32

        init(slot: Int32, south: UInt8, north: UInt8, west: UInt8, east: UInt8) {
            self.slot = slot
            box = UInt32(south) | UInt32(Entry.last - north) << 8 | UInt32(west) << 16 | UInt32(Entry.last - east) << 24
        }

        /// A point's row and column of subdivisions (`across`, `along`), as `covers` takes it.
        static func point(across: UInt8, along: UInt8) -> UInt32 {
            (UInt32(across) | UInt32(Entry.last - across) << 8 | UInt32(along) << 16 | UInt32(Entry.last - along) << 24)
                | topBits
        }

        /// Whether the box covers the point: every value is below 128, so each byte of the
        /// difference, from 128 + the point's value, neither borrows from the next nor loses its
        /// top bit unless the point's value is smaller than the box's.
        func covers(_ point: UInt32) -> Bool {
            Self.covers(point, box: box)
        }

        /// Whether `box` (an entry's) covers `point` (see `covers`).
        static func covers(_ point: UInt32, box: UInt32) -> Bool {
            (point &- box) & topBits == topBits
        }

        private static let last = UInt8(subdivisions - 1)
        /// The top bit of each byte.
        static let topBits: UInt32 = 0x8080_8080
    }

    /// Rows and columns of a cell that an entry tells apart (at most 128, see `Entry.covers`).
    static let subdivisions = 128

    /// Cell sizes of the levels, degrees; each divides 360 so that columns wrap exactly at the
    /// antimeridian (the last level is one cell for the whole Earth).
    static let cellDegrees: [Double] = [1.0 / 16, 0.25, 1, 4, 20, 90, 360]
    private static let rowCounts = cellDegrees.map { Int((180 / $0).rounded(.up)) }
    private static let columnCounts = cellDegrees.map { Int((360 / $0).rounded(.up)) }
    /// Smallest meridional radius of curvature of WGS84, metres: a(1 − e²).
    static let minimumMeridionalRadius = Geodesic.equatorialRadius * (1 - eccentricitySquared)
    static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)
    /// Metres per degree of latitude, at least (meridional arc on the flattest part).
    static let metersPerLatitudeDegree = minimumMeridionalRadius * .pi / 180

    /// Everything about one condition, together so that touching it costs one cache line, or two.
    ///
    /// What a fix reads of every candidate (flags, centre, radius) comes first, in 32 bytes: in an
    /// array of 48-byte slots only one slot in four has them across two cache lines.
    struct Slot: Sendable {
        /// Owned by `MonitorCore`.
        var flags: UInt8
        /// Owned by `MonitorCore`.
        var state: ConditionState
        /// Owned by `MonitorCore`: the state of the last reported event, if `lastEvent` names one.
        var lastEventState: ConditionState
        /// Owned by `MonitorCore`: the `EventPool` record of the last reported event.
        var lastEvent: Int32
        var latitude: Double
        var longitude: Double
        var radiusMeters: Double
        /// Empty for a free slot.
        var identifier: String
    }

    /// By slot number; `MonitorCore` updates `state` and `flags` in place.
    var slots: [Slot] = []
    private var table = IdentifierTable()
    private var freeSlots: [Int32] = []
    /// The cells of every level, keyed by level, row and column.
    private var cells = CellTable()
    /// How many conditions each level holds: a point query skips the empty levels.
    private var conditionsPerLevel = [Int](repeating: 0, count: cellDegrees.count)
    /// Each level's cell size, rows and columns, held here for point queries: a static array is
    /// reached through a check of its lazy initialisation at every read.
    private let levels = cellDegrees.indices.map { Level(degrees: cellDegrees[$0], rows: rowCounts[$0], columns: columnCounts[$0]) }

    private struct Level: Sendable {
        var degrees: Double
        var rows: Int
        var columns: Int
    }

    /// Number of conditions.
    var count: Int { table.count }

    /// Number of slots (live or free); per-slot arrays elsewhere are this long.
    var slotCount: Int { slots.count }

    /// The slot of an identifier.
    func slot(of identifier: String) -> Int32? {
        slot(of: identifier, hash: IdentifierTable.hash(identifier))
    }

    /// The slot of an identifier whose `IdentifierTable.hash` the caller already has.
    func slot(of identifier: String, hash: UInt32) -> Int32? {
        table.find(identifier, hash: hash, slots: slots)
    }

    /// The identifier of a live slot.
    @inline(never) // Inlined into `MonitorCore`, the whole slot was copied (and released) to read it.
    func identifier(at slot: Int32) -> String {
        slots[Int(slot)].identifier
    }

    /// Every identifier (unordered).
    var allIdentifiers: [String] { table.slots.map { slots[Int($0)].identifier } }

    /// Adds a circle under a new identifier (the caller removes any old one first; `hash` is
    /// `IdentifierTable.hash(identifier)`) and returns its slot.
    mutating func insert(
        identifier: String, hash: UInt32, center: Coordinate, radiusMeters: Double, state: ConditionState
    ) -> Int32 {
        let slot: Int32
        let record = Slot(flags: 0, state: state, lastEventState: .unknown, lastEvent: EventPool.noRecord,
                          latitude: center.latitude, longitude: center.longitude, radiusMeters: radiusMeters,
                          identifier: identifier)
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(free)] = record
        } else {
            slot = Int32(slots.count)
            // Growing by a quarter rather than doubling: the slots are most of the memory.
            LargeArray.reserve(1, in: &slots, growth: 0.25)
            slots.append(record)
        }
        table.insert(slot, hash: hash, slots: slots)
        let level = Self.level(radiusMeters: radiusMeters)
        conditionsPerLevel[level] += 1
        Self.forEachCell(level: level, center: center, radiusMeters: radiusMeters) { key, south, north, west, east in
            cells.append(Entry(slot: slot, south: south, north: north, west: west, east: east), to: key)
        }
        return slot
    }

    /// Removes an identifier's circle and frees its slot; returns the slot, or nil if unknown.
    @discardableResult
    mutating func remove(identifier: String) -> Int32? {
        guard let slot = slot(of: identifier) else { return nil }
        remove(slot: slot)
        return slot
    }

    /// Removes the circle in a live slot and frees the slot.
    mutating func remove(slot: Int32) {
        table.remove(slot, slots: slots)
        let i = Int(slot)
        let record = slots[i]
        let center = Coordinate(latitude: record.latitude, longitude: record.longitude)
        let level = Self.level(radiusMeters: record.radiusMeters)
        conditionsPerLevel[level] -= 1
        Self.forEachCell(level: level, center: center, radiusMeters: record.radiusMeters) { key, _, _, _, _ in
            cells.remove(slot: slot, from: key)
        }
        slots[i].identifier = ""
        slots[i].state = .unknown
        slots[i].flags = 0
        slots[i].lastEvent = EventPool.noRecord
        freeSlots.append(slot)
    }

    /// Where a point's candidates are: one cell's run of entries on a non-empty level, and the
    /// point's row and column of subdivisions in that cell.
    struct CellQuery: Sendable {
        var run: Range<Int>
        var across: UInt8
        var along: UInt8
    }

    /// Replaces `queries` with those of `point`: the cell of every non-empty level that has
    /// entries, whose runs start loading into the cache (each is likely a miss: a caller with
    /// other work to do does it before collecting, while they load). Valid until a condition is
    /// added or removed.
    func lookUp(_ point: Coordinate, into queries: inout [CellQuery]) {
        queries.empty()
        for level in conditionsPerLevel.indices where conditionsPerLevel[level] > 0 {
            let grid = levels[level]
            let y = (point.latitude + 90) / grid.degrees, x = (point.longitude + 180) / grid.degrees
            let row = min(grid.rows - 1, Int(y)), rawColumn = Int(x)
            let key = Self.cellKey(level: level, row: row, column: rawColumn % grid.columns)
            guard let run = cells.run(of: key) else { continue }
            cells.prefetch(run)
            queries.append(CellQuery(run: run, across: Self.subdivision(y, of: row), along: Self.subdivision(x, of: rawColumn)))
        }
    }

    /// Appends to `found` the slot of every condition whose bounding box contains the point of
    /// `queries` (see `lookUp`), unless its flags have one of `skippedFlags`: the conditions left
    /// out certainly do not contain it.
    func collectCandidates(_ queries: [CellQuery], skippedFlags: UInt8, into found: inout [Int32]) {
        let first = found.count
        for query in queries {
            cells.collect(query.run, across: query.across, along: query.along, into: &found)
        }
        // Then drop the flagged ones, keeping the order: a second pass over the few survivors.
        var kept = first
        for j in first..<found.count where slots[Int(found[j])].flags & skippedFlags == 0 {
            found[kept] = found[j]
            kept += 1
        }
        while found.count > kept { found.removeLast() }
    }

    /// Approximate heap bytes held, for the benchmark (capacities, not counts).
    var approximateBytes: Int {
        let slotBytes = slots.capacity * MemoryLayout<Slot>.stride + freeSlots.capacity * 4
        let dictionaryBytes = table.bytes
        return slotBytes + dictionaryBytes + cells.bytes + conditionsPerLevel.capacity * 8
    }

    // MARK: - Grid

    /// The finest level whose cell (in latitude degrees) is at least the circle's radius: its box
    /// spans at most three rows of cells. Every level holding conditions costs a point query one
    /// more cell lookup (likely a cache miss), so a level spans radii from a fourth of its cell to
    /// the whole cell: landmarks of tens of metres and city frames of kilometres share the finest.
    static func level(radiusMeters: Double) -> Int {
        let radiusDegrees = radiusMeters / metersPerLatitudeDegree
        return cellDegrees.firstIndex { $0 >= radiusDegrees } ?? (cellDegrees.count - 1)
    }

    /// A cell's key in `cells` (rows and columns of every level fit in 16 bits).
    private static func cellKey(level: Int, row: Int, column: Int) -> Int64 {
        Int64(level) << 48 | Int64(row) << 32 | Int64(column)
    }

    /// The row of `level` holding grid ordinate `y` = (latitude + 90) / cell size (y ≥ 0).
    private static func row(_ y: Double, level: Int) -> Int {
        min(rowCounts[level] - 1, Int(y))
    }

    /// Which subdivision of row or column `index` the grid ordinate or abscissa `u` falls in: the
    /// first before it, the last after it.
    private static func subdivision(_ u: Double, of index: Int) -> UInt8 {
        UInt8(min(Double(subdivisions - 1), max(0, (u - Double(index)) * Double(subdivisions))))
    }

    /// Every cell of `level` that the circle's bounding box touches (conservatively large), with
    /// the rows and columns of subdivisions of that cell the box covers (south, north, west, east).
    static func forEachCell(
        level: Int, center: Coordinate, radiusMeters: Double, _ body: (Int64, UInt8, UInt8, UInt8, UInt8) -> Void
    ) {
        let size = cellDegrees[level], columns = columnCounts[level]
        let dLatitude = radiusMeters / metersPerLatitudeDegree * 1.001
        let south = (max(-90, center.latitude - dLatitude) + 90) / size
        let north = (min(90, center.latitude + dLatitude) + 90) / size
        // A path of length r stays within `maximumLatitude`, where a degree of longitude is at least
        // a·cos(φ) long; near a pole the box spans all longitudes.
        let maximumLatitude = abs(center.latitude) + dLatitude
        var west = -Double.infinity, east = Double.infinity
        var firstColumn = 0, lastColumn = columns - 1
        if maximumLatitude < 89.9 {
            let metersPerLongitudeDegree = Geodesic.equatorialRadius * cos(maximumLatitude * .pi / 180) * .pi / 180
            let dLongitude = radiusMeters / metersPerLongitudeDegree * 1.001
            let x0 = (center.longitude - dLongitude + 180) / size, x1 = (center.longitude + dLongitude + 180) / size
            let first = Int(x0.rounded(.down)), last = Int(x1.rounded(.down))
            if dLongitude < 180, last - first < columns {
                (west, east, firstColumn, lastColumn) = (x0, x1, first, last)
            }
        }
        for row in row(south, level: level)...row(north, level: level) {
            let southSubdivision = subdivision(south, of: row), northSubdivision = subdivision(north, of: row)
            for rawColumn in firstColumn...lastColumn {
                let column = (rawColumn % columns + columns) % columns
                body(cellKey(level: level, row: row, column: column), southSubdivision, northSubdivision,
                     subdivision(west, of: rawColumn), subdivision(east, of: rawColumn))
            }
        }
    }
}
