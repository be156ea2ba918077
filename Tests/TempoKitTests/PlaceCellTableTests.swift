import Foundation
import Testing
@testable import TempoKit

/// The grid's storage (`CellTable`: runs of entries that move between capacities, vacated runs
/// reused and packed away, an open-addressing table that deletes by shifting back) and the index
/// over it must lose nothing and keep nothing stale, however conditions come and go. Both are
/// checked against plain sets after long random sequences of adds and removes, long enough that
/// runs are packed many times over.
@Suite struct PlaceCellTableTests {
    /// Random appends and removes of random boxes over a few hundred cells of very different
    /// sizes, checked against a dictionary of sets after every step of a sample and at the end: at
    /// random points of each cell, exactly the boxes that cover the point.
    @Test(arguments: [1, 2, 3])
    func cellTableMatchesSets(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var table = CellTable()
        var expected: [Int64: Set<Int32>] = [:]
        // Few cells get most entries (cells that grow together leave runs of every size behind).
        let keys = (0..<300).map { Int64($0 * 7919) << 20 | Int64($0) }
        func randomKey() -> Int64 { keys[min(keys.count - 1, Int(pow(Double.random(in: 0..<1, using: &random), 3) * 300))] }
        var nextSlot: Int32 = 0
        let last = UInt8(ConditionIndex.subdivisions - 1)
        var boxes: [Int32: (south: UInt8, north: UInt8, west: UInt8, east: UInt8)] = [:]
        for step in 0..<60_000 {
            let key = randomKey()
            if let present = expected[key], !present.isEmpty, Double.random(in: 0..<1, using: &random) < 0.48 {
                let slot = present.randomElement(using: &random)!
                table.remove(slot: slot, from: key)
                expected[key]!.remove(slot)
            } else {
                let (a, b, c, d) = (UInt8.random(in: 0...last, using: &random), UInt8.random(in: 0...last, using: &random),
                                    UInt8.random(in: 0...last, using: &random), UInt8.random(in: 0...last, using: &random))
                let box = (south: min(a, b), north: max(a, b), west: min(c, d), east: max(c, d))
                boxes[nextSlot] = box
                table.append(ConditionIndex.Entry(slot: nextSlot, south: box.south, north: box.north, west: box.west,
                                                  east: box.east), to: key)
                expected[key, default: []].insert(nextSlot)
                nextSlot += 1
            }
            // Removing a slot that is not there changes nothing.
            if step % 97 == 0 { table.remove(slot: -5, from: key) }
            if step % 1000 == 0 || step == 59_999 {
                for key in keys {
                    var found: [Int32] = []
                    let across = UInt8.random(in: 0...last, using: &random), along = UInt8.random(in: 0...last, using: &random)
                    if let run = table.run(of: key) { table.collect(run, across: across, along: along, into: &found) }
                    let covering = expected[key, default: []].filter {
                        let box = boxes[$0]!
                        return (box.south...box.north).contains(across) && (box.west...box.east).contains(along)
                    }
                    #expect(found.count == Set(found).count && Set(found) == covering, "seed \(seed) step \(step)")
                }
            }
        }
        #expect(table.isEmpty == expected.values.allSatisfy(\.isEmpty))
    }

    /// An entry's box test compares the four sides in one subtraction: it must say exactly
    /// whether south ≤ row ≤ north and west ≤ column ≤ east, for every box and point, the
    /// first and last subdivisions included.
    @Test func entryCoversExactlyItsBox() {
        var random = SeededRandom(seed: 11)
        let last = UInt8(ConditionIndex.subdivisions - 1)
        let edges: [UInt8] = [0, 1, last / 2, last - 1, last]
        for _ in 0..<2_000 {
            func side() -> UInt8 { Bool.random(using: &random) ? edges.randomElement(using: &random)! : .random(in: 0...last, using: &random) }
            let (s, n, w, e) = (side(), side(), side(), side())
            let entry = ConditionIndex.Entry(slot: 1, south: min(s, n), north: max(s, n), west: min(w, e), east: max(w, e))
            for _ in 0..<20 {
                let across = side(), along = side()
                let expected = (min(s, n)...max(s, n)).contains(across) && (min(w, e)...max(w, e)).contains(along)
                #expect(entry.covers(ConditionIndex.Entry.point(across: across, along: along)) == expected,
                        "box \(min(s, n))…\(max(s, n)) × \(min(w, e))…\(max(w, e)), point \(across), \(along)")
            }
        }
    }

    /// The index after 12,000 random adds and removes of conditions crowded into a small area:
    /// at random points, every condition whose circle contains the point is a candidate (no
    /// removed one, none twice), as a linear scan of the live conditions says. (Near the pole a
    /// circle is in every cell of its ring of the grid, so fewer operations there.)
    @Test(arguments: [(47.0, 3.0, 12_000), (-0.05, 179.99, 12_000), (89.95, 10.0, 1_000)])
    func indexCandidatesCoverEveryContainingCircle(latitude: Double, longitude: Double, operations: Int) {
        var random = SeededRandom(seed: UInt64(abs(latitude * 100 + longitude)))
        func nearby(_ spread: Double) -> Coordinate {
            var longitude = longitude + Double.random(in: -spread...spread, using: &random)
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return Coordinate(latitude: min(90, max(-90, latitude + Double.random(in: -spread...spread, using: &random))),
                              longitude: longitude)
        }
        var index = ConditionIndex()
        var live: [String: (slot: Int32, center: Coordinate, radius: Double)] = [:]
        for step in 0..<operations {
            let identifier = "c\(Int.random(in: 0..<(operations / 10), using: &random))"
            if let old = live[identifier] {
                #expect(index.remove(identifier: identifier) == old.slot)
                live[identifier] = nil
            } else {
                let center = nearby(0.2), radius = exp(Double.random(in: 0...log(30_000.0), using: &random))
                let slot = index.insert(identifier: identifier, hash: IdentifierTable.hash(identifier), center: center,
                                        radiusMeters: radius, state: .unknown)
                live[identifier] = (slot, center, radius)
            }
            guard step % (operations / 10) == operations / 10 - 1 else { continue }
            for _ in 0..<100 {
                let point = nearby(0.25)
                var queries: [ConditionIndex.CellQuery] = [], found: [Int32] = []
                index.lookUp(point, into: &queries)
                index.collectCandidates(queries, skippedFlags: 0, into: &found)
                let candidates = Set(found)
                #expect(candidates.count == found.count, "a condition listed twice")
                let liveSlots = Set(live.values.map(\.slot))
                #expect(candidates.isSubset(of: liveSlots), "a removed condition is still a candidate")
                for (identifier, condition) in live where Geodesic.distance(condition.center, point) <= condition.radius {
                    #expect(candidates.contains(condition.slot), "\(identifier) contains \(point) but is not a candidate")
                }
            }
        }
    }
}
