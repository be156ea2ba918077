import Foundation

/// The date and fix of every condition's last reported event.
///
/// A condition's slot holds its last event's state and a reference to a record here
/// (``ConditionIndex/Slot/lastEvent``); the identifier is the condition's own. The events of one
/// fix share one record of it, which lives as long as some condition's last event is one of them.
struct EventPool: Sendable {
    /// When an event happened and the fix that caused it.
    struct Record: Sendable {
        var date: Date
        var fix: LocationFix
    }

    /// The records, by reference, in chunks of `chunkSize`; a released one keeps its old content
    /// until reused. A device that keeps meeting new conditions adds a record at almost every fix,
    /// and in chunks the records already stored stay where they are as the pool grows.
    private var chunks: [[Record]] = []
    private var recordCount = 0
    private static let chunkShift = 9
    private static let chunkSize = 1 << chunkShift
    /// How many conditions refer to each record.
    private var referenceCounts: [Int32] = []
    /// Released references, reused first.
    private var free: [Int32] = []
    /// References replaced by `store`, released together by `releaseReplaced()` once there are
    /// `releaseBatch` of them: their counts lie anywhere in `referenceCounts` (an old event's
    /// record, likely out of cache), and a few hundred independent loads in one loop are waited for
    /// together rather than a few at a time. Until then their records stay unused.
    private var replaced: [Int32] = []
    private static let releaseBatch = 256
    /// The record stored last for an accepted fix, and that fix's number, while some condition
    /// refers to it: the next event of the same fix shares it.
    private var latest = noRecord
    private var latestFixNumber = 0

    /// No record: the condition has no last event.
    static let noRecord: Int32 = -1

    /// A reference to a record of `date` and `fix`; `replacing` (a reference of the caller's, or
    /// `noRecord`) is released at the next `releaseReplaced()`. The events of one accepted fix
    /// (`fixNumber`, as the caller counts them) share a record; nil stores one of its own.
    mutating func store(date: Date, fix: LocationFix, fixNumber: Int?, replacing old: Int32) -> Int32 {
        let reference: Int32
        if let fixNumber, fixNumber == latestFixNumber, latest != Self.noRecord {
            reference = latest
            referenceCounts[Int(reference)] += 1
        } else {
            let record = Record(date: date, fix: fix)
            if let reused = free.popLast() {
                reference = reused
                chunks[Int(reused) >> Self.chunkShift][Int(reused) & (Self.chunkSize - 1)] = record
                referenceCounts[Int(reused)] = 1
            } else {
                reference = Int32(recordCount)
                if recordCount & (Self.chunkSize - 1) == 0 {
                    // A pool that has filled a chunk is likely to fill the next one too.
                    chunks.append([])
                    if chunks.count > 1 { chunks[chunks.count - 1].reserveCapacity(Self.chunkSize) }
                }
                chunks[chunks.count - 1].append(record)
                recordCount += 1
                LargeArray.reserve(1, in: &referenceCounts, growth: 1)
                referenceCounts.append(1)
            }
            if let fixNumber {
                latest = reference
                latestFixNumber = fixNumber
            }
        }
        if old != Self.noRecord { replaced.append(old) }
        return reference
    }

    /// Releases the references `store` replaced, once there are `releaseBatch` of them.
    mutating func releaseReplaced() {
        guard replaced.count >= Self.releaseBatch else { return }
        for reference in replaced { release(reference) }
        replaced.removeAll(keepingCapacity: true)
    }

    /// Drops one reference to a record (nothing for `noRecord`).
    mutating func release(_ reference: Int32) {
        guard reference != Self.noRecord else { return }
        referenceCounts[Int(reference)] -= 1
        if referenceCounts[Int(reference)] == 0 {
            free.append(reference)
            if reference == latest { latest = Self.noRecord }
        }
    }

    /// The record a reference names (not `noRecord`).
    subscript(reference: Int32) -> Record {
        chunks[Int(reference) >> Self.chunkShift][Int(reference) & (Self.chunkSize - 1)]
    }

    /// Approximate heap bytes held (capacities).
    var bytes: Int {
        chunks.reduce(0) { $0 + $1.capacity * MemoryLayout<Record>.stride } + (referenceCounts.capacity + free.capacity + replaced.capacity) * 4
    }
}
