/// An open-addressing hash set of slots keyed by their identifiers, for `ConditionIndex`.
///
/// It holds only `Int32` slots (the strings stay in the index's slots, and a hash is recomputed
/// from its string when needed), which takes a fraction of a `[String: Int32]`'s memory, and
/// hashes identifiers with FNV-1a, which is faster than the standard library's seeded hash on
/// short names. Linear probing, backward-shift deletion (no tombstones), at most 70 % full.
/// Identifiers come from the app's own places, so hash flooding is not a concern.
struct IdentifierTable: Sendable {
    private var buckets: [Int32] = []
    private var mask = -1
    private(set) var count = 0

    /// FNV-1a over the UTF-8 bytes, then a final mix so that the low bits are usable.
    static func hash(_ identifier: String) -> UInt32 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in identifier.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return UInt32(truncatingIfNeeded: h)
    }

    /// The slot whose identifier is `identifier`.
    func find(_ identifier: String, hash: UInt32, slots: [ConditionIndex.Slot]) -> Int32? {
        guard count > 0 else { return nil }
        var i = Int(hash) & mask
        while true {
            let slot = buckets[i]
            if slot < 0 { return nil }
            if slots[Int(slot)].identifier == identifier { return slot }
            i = (i + 1) & mask
        }
    }

    /// Adds a slot whose identifier, of hash `hash`, is not in the table yet.
    mutating func insert(_ slot: Int32, hash: UInt32, slots: [ConditionIndex.Slot]) {
        if (count + 1) * 10 > buckets.count * 7 { grow(slots: slots) }
        var i = Int(hash) & mask
        while buckets[i] >= 0 { i = (i + 1) & mask }
        buckets[i] = slot
        count += 1
    }

    /// Removes a slot that is in the table.
    mutating func remove(_ slot: Int32, slots: [ConditionIndex.Slot]) {
        var i = home(slot, slots)
        while buckets[i] != slot {
            if buckets[i] < 0 { return }
            i = (i + 1) & mask
        }
        // Shift later members of the cluster back so that every probe sequence stays unbroken.
        var j = i
        while true {
            j = (j + 1) & mask
            let moving = buckets[j]
            if moving < 0 { break }
            let home = home(moving, slots)
            let homeBetween = i <= j ? (home > i && home <= j) : (home > i || home <= j)
            if !homeBetween {
                buckets[i] = moving
                i = j
            }
        }
        buckets[i] = -1
        count -= 1
    }

    /// Every slot in the table, in bucket order.
    var slots: [Int32] { buckets.filter { $0 >= 0 } }

    /// Heap bytes held.
    var bytes: Int { buckets.capacity * 4 }

    /// The bucket where the probe for a slot's identifier starts.
    private func home(_ slot: Int32, _ slots: [ConditionIndex.Slot]) -> Int {
        Int(Self.hash(slots[Int(slot)].identifier)) & mask
    }

    private mutating func grow(slots: [ConditionIndex.Slot]) {
        let old = buckets
        let size = max(16, buckets.count * 2)
        buckets = LargeArray.repeating(-1, count: size)
        mask = size - 1
        for slot in old where slot >= 0 {
            var i = home(slot, slots)
            while buckets[i] >= 0 { i = (i + 1) & mask }
            buckets[i] = slot
        }
    }
}
