import Foundation

/// The geometry of every condition, stored so that a fix only looks at conditions near it.
///
/// Struct of arrays indexed by an `Int32` slot (freed slots are reused). Each circle lives in one
/// level of a multi-level uniform latitude/longitude grid — the finest level whose cell is at least
/// the circle's diameter — and is registered in every cell of that level its bounding box
/// touches, so a point query reads one cell per non-empty level. A cell entry carries a compact
/// copy of the circle (Float centre and radius) for a pre-filter that is a rigorous lower bound on
/// the geodesic distance; only survivors need the exact distance.
struct ConditionIndex: Sendable {
    /// One condition in one cell: enough to reject it without touching the slot arrays.
    struct Entry: Sendable {
        var slot: Int32
        var latitude: Float
        var longitude: Float
        var radiusMeters: Float
    }

    /// Cell sizes of the levels, degrees; each divides 180 so that columns wrap exactly at the
    /// antimeridian (the last level is one cell for the whole Earth).
    static let cellDegrees: [Double] = [1.0 / 16, 0.5, 4, 30, 360]
    /// Smallest meridional radius of curvature of WGS84, metres: a(1 − e²).
    static let minimumMeridionalRadius = Geodesic.equatorialRadius * (1 - eccentricitySquared)
    static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)
    /// Metres per degree of latitude, at least (meridional arc on the flattest part).
    static let metersPerLatitudeDegree = minimumMeridionalRadius * .pi / 180
    /// Absorbs the Float rounding of the cell entries, metres.
    static let prefilterSlackMeters = 2.0

    /// Everything about one condition, together so that touching it costs one cache line.
    struct Slot: Sendable {
        var latitude: Double
        var longitude: Double
        var radiusMeters: Double
        /// Empty for a free slot.
        var identifier: String
        var hash: UInt32
        /// Owned by `MonitorCore`.
        var state: ConditionState
        /// Owned by `MonitorCore`.
        var flags: UInt8
        /// Owned by `MonitorCore`: where its `EventPool` keeps the last reported event.
        var lastEvent: Int32
    }

    /// By slot number; `MonitorCore` updates `state` and `flags` in place.
    var slots: [Slot] = []
    private var table = IdentifierTable()
    private var freeSlots: [Int32] = []
    private var cells: [Int64: [Entry]] = [:]
    private var levelCounts = [Int](repeating: 0, count: cellDegrees.count)
    /// The largest radius ever placed in each level (never lowered: it only weakens the pre-filter).
    private var levelMaximumRadius = [Double](repeating: 0, count: cellDegrees.count)

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

    /// Every identifier (unordered).
    var allIdentifiers: [String] { table.slots.map { slots[Int($0)].identifier } }

    /// Adds a circle under a new identifier (the caller removes any old one first; `hash` is
    /// `IdentifierTable.hash(identifier)`) and returns its slot.
    mutating func insert(
        identifier: String, hash: UInt32, center: Coordinate, radiusMeters: Double, state: ConditionState
    ) -> Int32 {
        let slot: Int32
        let record = Slot(latitude: center.latitude, longitude: center.longitude, radiusMeters: radiusMeters,
                          identifier: identifier, hash: hash, state: state, flags: 0,
                          lastEvent: EventPool.noPosition)
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(free)] = record
        } else {
            slot = Int32(slots.count)
            Self.appendGently(record, to: &slots)
        }
        table.insert(slot, slots: slots)
        let level = Self.level(radiusMeters: radiusMeters)
        levelCounts[level] += 1
        levelMaximumRadius[level] = max(levelMaximumRadius[level], radiusMeters)
        let entry = Entry(slot: slot, latitude: Float(center.latitude), longitude: Float(center.longitude),
                          radiusMeters: Float(radiusMeters))
        Self.forEachCell(level: level, center: center, radiusMeters: radiusMeters) { key in
            cells[key, default: []].append(entry)
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
        levelCounts[level] -= 1
        Self.forEachCell(level: level, center: center, radiusMeters: record.radiusMeters) { key in
            if Self.removeEntry(slot, from: &cells[key, default: []]) { cells[key] = nil }
        }
        slots[i].identifier = ""
        slots[i].state = .unknown
        slots[i].flags = 0
        slots[i].lastEvent = EventPool.noPosition
        freeSlots.append(slot)
    }

    /// Appends to `found` the slot of every condition whose circle may contain a point at which
    /// a device with accuracy `accuracyMeters` is convincingly inside (`d + a ≤ r` is possible).
    /// Conditions it leaves out certainly fail that test.
    func collectCandidates(near point: Coordinate, accuracyMeters: Double, into found: inout [Int32]) {
        let absLatitude = abs(point.latitude)
        for level in 0..<Self.cellDegrees.count where levelCounts[level] > 0 {
            guard let entries = cells[Self.cellKey(level: level, latitude: point.latitude, longitude: point.longitude)]
            else { continue }
            // Any point within the largest radius of this level lies at most this far from the
            // equator, which bounds how short a degree of longitude can be along the way.
            let reachDegrees = levelMaximumRadius[level] / Self.metersPerLatitudeDegree
            let maximumLatitude = min(90, absLatitude + reachDegrees)
            let kLatitude = Self.metersPerLatitudeDegree
            let kLongitude = Geodesic.equatorialRadius * cos(maximumLatitude * .pi / 180) * .pi / 180
            for entry in entries {
                let reach = Double(entry.radiusMeters) - accuracyMeters + Self.prefilterSlackMeters
                if reach < 0 { continue }
                let dLatitude = (Double(entry.latitude) - point.latitude) * kLatitude
                var dLongitudeDegrees = abs(Double(entry.longitude) - point.longitude)
                if dLongitudeDegrees > 180 { dLongitudeDegrees = 360 - dLongitudeDegrees }
                let dLongitude = dLongitudeDegrees * kLongitude
                if dLatitude * dLatitude + dLongitude * dLongitude > reach * reach { continue }
                found.append(entry.slot)
            }
        }
    }

    /// Appends, growing by a quarter rather than doubling: the slot arrays are most of the memory.
    static func appendGently<Element>(_ element: Element, to array: inout [Element]) {
        if array.count == array.capacity { array.reserveCapacity(array.count + array.count / 4 + 16) }
        array.append(element)
    }

    /// Removes `slot` from a cell in place; returns whether the cell is now empty.
    private static func removeEntry(_ slot: Int32, from entries: inout [Entry]) -> Bool {
        if let at = entries.firstIndex(where: { $0.slot == slot }) {
            entries.swapAt(at, entries.count - 1)
            entries.removeLast()
        }
        return entries.isEmpty
    }

    /// Approximate heap bytes held, for the benchmark (capacities, not counts).
    var approximateBytes: Int {
        let slotBytes = slots.capacity * MemoryLayout<Slot>.stride + freeSlots.capacity * 4
        let dictionaryBytes = table.bytes
        var cellBytes = cells.capacity * (8 + 8) * 4 / 3
        for entries in cells.values { cellBytes += 32 + entries.capacity * MemoryLayout<Entry>.stride }
        return slotBytes + dictionaryBytes + cellBytes
    }

    // MARK: - Grid

    /// The finest level whose cell (in latitude degrees) is at least the circle's diameter.
    static func level(radiusMeters: Double) -> Int {
        let diameterDegrees = 2 * radiusMeters / metersPerLatitudeDegree
        return cellDegrees.firstIndex { $0 >= diameterDegrees } ?? (cellDegrees.count - 1)
    }

    static func cellKey(level: Int, latitude: Double, longitude: Double) -> Int64 {
        let size = cellDegrees[level]
        let rows = Int64((180 / size).rounded(.up)), columns = Int64((360 / size).rounded(.up))
        let row = min(rows - 1, max(0, Int64(((latitude + 90) / size).rounded(.down))))
        var column = Int64(((longitude + 180) / size).rounded(.down)) % columns
        if column < 0 { column += columns }
        return Int64(level) << 58 | row << 29 | column
    }

    /// Every cell of `level` that the circle's bounding box touches (conservatively large).
    static func forEachCell(level: Int, center: Coordinate, radiusMeters: Double, _ body: (Int64) -> Void) {
        let size = cellDegrees[level]
        let rows = Int64((180 / size).rounded(.up)), columns = Int64((360 / size).rounded(.up))
        let dLatitude = radiusMeters / metersPerLatitudeDegree * 1.001
        let south = max(-90, center.latitude - dLatitude), north = min(90, center.latitude + dLatitude)
        let firstRow = min(rows - 1, max(0, Int64(((south + 90) / size).rounded(.down))))
        let lastRow = min(rows - 1, max(0, Int64(((north + 90) / size).rounded(.down))))
        // A path of length r stays within `maximumLatitude`, where a degree of longitude is at least
        // a·cos(φ) long; near a pole the box spans all longitudes.
        let maximumLatitude = abs(center.latitude) + dLatitude
        var firstColumn: Int64 = 0, lastColumn: Int64 = columns - 1
        if maximumLatitude < 89.9 {
            let metersPerLongitudeDegree = Geodesic.equatorialRadius * cos(maximumLatitude * .pi / 180) * .pi / 180
            let dLongitude = radiusMeters / metersPerLongitudeDegree * 1.001
            if dLongitude < 180 {
                firstColumn = Int64(((center.longitude - dLongitude + 180) / size).rounded(.down))
                lastColumn = Int64(((center.longitude + dLongitude + 180) / size).rounded(.down))
                if lastColumn - firstColumn >= columns { firstColumn = 0; lastColumn = columns - 1 }
            }
        }
        for row in firstRow...lastRow {
            for rawColumn in firstColumn...lastColumn {
                var column = rawColumn % columns
                if column < 0 { column += columns }
                body(Int64(level) << 58 | row << 29 | column)
            }
        }
    }
}
