/// Cumulative distance and time along a run, for cutting splits, laps and best efforts at exact
/// distances by linear interpolation between fixes.
///
/// Two distance axes: the whole distance (every accepted fix) and the *timed* distance, which
/// grows only over steps between two timed fixes. A file whose first kilometres have no times
/// covers them in no known time: pace, split times and best efforts are measured over the timed
/// distance only, and the untimed distance is reported beside them, never divided by a time.
public struct RunTrack: Sendable {
    /// Cumulative timed metres at each timed sample.
    public let distances: [Double]
    /// Cumulative timer seconds at each timed sample (empty when the run has no times).
    public let timers: [Double]
    /// Cumulative moving seconds at each timed sample.
    public let movings: [Double]
    /// Cumulative metres at the last sample, timed or not.
    public let totalDistanceMeters: Double
    /// Metres covered between two timed fixes.
    public let timedDistanceMeters: Double
    /// With untimed samples: the whole and the timed cumulative metres at every sample
    /// (`nil` when every sample is timed and the two axes are one).
    private let axes: (totals: [Double], timed: [Double])?

    /// A track over `samples`; samples without times are left out of time computations.
    public init(samples: [RunSample]) {
        self.init(distances: samples.map(\.distanceMeters), timers: samples.map { $0.timerSeconds ?? .nan },
                  movings: samples.map { $0.movingSeconds ?? .nan }, untimed: samples.contains { $0.timerSeconds == nil })
    }

    /// A track over the recorder's columns; when every sample is timed the columns are shared, not copied.
    init(store: RunSampleStore) {
        self.init(distances: store.distances, timers: store.timers, movings: store.movings, untimed: store.untimedCount > 0)
    }

    /// A track over columns where NaN marks an untimed sample (timer) or an unknown moving time.
    private init(distances all: [Double], timers allTimers: [Double], movings allMovings: [Double], untimed: Bool) {
        totalDistanceMeters = all.last ?? 0
        guard untimed else {
            distances = all
            timers = allTimers
            movings = allMovings.contains { $0.isNaN } ? zip(allMovings, allTimers).map { $0.isNaN ? $1 : $0 } : allMovings
            timedDistanceMeters = totalDistanceMeters
            axes = nil
            return
        }
        var distances: [Double] = [], timers: [Double] = [], movings: [Double] = [], along: [Double] = []
        along.reserveCapacity(all.count)
        var timedTotal = 0.0
        for index in all.indices {
            let timed = !allTimers[index].isNaN
            if timed, index > 0, !allTimers[index - 1].isNaN { timedTotal += all[index] - all[index - 1] }
            along.append(timedTotal)
            guard timed else { continue }
            distances.append(timedTotal)
            timers.append(allTimers[index])
            movings.append(allMovings[index].isNaN ? allTimers[index] : allMovings[index])
        }
        self.distances = distances
        self.timers = timers
        self.movings = movings
        timedDistanceMeters = timedTotal
        axes = (all, along)
    }

    /// Metres covered without times (between fixes of which at least one has no time).
    public var untimedDistanceMeters: Double { max(0, totalDistanceMeters - timedDistanceMeters) }

    /// The timed distance covered by the time the whole distance reaches `meters`.
    public func timedDistance(atTotal meters: Double) -> Double {
        guard let axes, let last = axes.totals.last else { return min(meters, timedDistanceMeters) }
        guard meters < last else { return axes.timed.last ?? 0 }
        var low = 0, high = axes.totals.count - 1
        while low < high {
            let mid = (low + high) / 2
            if axes.totals[mid] >= meters { high = mid } else { low = mid + 1 }
        }
        let i = low
        guard i > 0, axes.totals[i] > axes.totals[i - 1] else { return axes.timed[i] }
        let fraction = (meters - axes.totals[i - 1]) / (axes.totals[i] - axes.totals[i - 1])
        return axes.timed[i - 1] + fraction * (axes.timed[i] - axes.timed[i - 1])
    }

    /// Whether time numbers can be given.
    public var hasTimes: Bool { !timers.isEmpty }

    /// Timer and moving seconds where the cumulative timed distance first reaches `meters`.
    public func interpolate(atDistance meters: Double) -> (timerSeconds: Double, movingSeconds: Double?)? {
        guard let last = distances.last, meters <= last, !distances.isEmpty else { return nil }
        var low = 0, high = distances.count - 1
        while low < high {
            let mid = (low + high) / 2
            if distances[mid] >= meters { high = mid } else { low = mid + 1 }
        }
        let i = low
        guard i > 0, distances[i] > distances[i - 1] else { return (timers[i], movings[i]) }
        let fraction = (meters - distances[i - 1]) / (distances[i] - distances[i - 1])
        return (timers[i - 1] + fraction * (timers[i] - timers[i - 1]),
                movings[i - 1] + fraction * (movings[i] - movings[i - 1]))
    }

    /// The most splits a summary lists: 10,000 kilometres or miles, more than any activity. A few
    /// fixes a hemisphere apart (a crafted file) may claim any distance; the last split then holds
    /// the rest, so a summary's size never grows with the distance claimed.
    public static let maximumSplits = 10_000

    /// Splits every `unit` of the whole distance, the last one partial (if it is at least a
    /// metre), at most ``maximumSplits``. A split's times cover its timed distance; what it
    /// covered without times is its `untimedDistanceMeters` (times are `nil` for a split with
    /// no timed metre).
    public func splits(unit: SplitUnit) -> [RunSplit] {
        let length = unit.meters
        let total = totalDistanceMeters
        var result: [RunSplit] = []
        var start = 0.0, startTimed = 0.0
        var startTimes = hasTimes ? interpolate(atDistance: 0) : nil
        var index = 1
        while start < total {
            let end = index == Self.maximumSplits ? total : min(total, start + length)
            // A last piece under a metre is GPS noise, not a split worth a row.
            if end - start < 1 && end == total && !result.isEmpty { break }
            let endTimed = timedDistance(atTotal: end)
            let endTimes = hasTimes ? interpolate(atDistance: min(endTimed, distances.last ?? 0)) : nil
            let timedMeters = endTimed - startTimed
            var elapsed: Double?, moving: Double?
            if let startTimes, let endTimes, timedMeters >= 1 || axes == nil {
                elapsed = endTimes.timerSeconds - startTimes.timerSeconds
                if let s = startTimes.movingSeconds, let e = endTimes.movingSeconds { moving = e - s }
            }
            result.append(RunSplit(index: index, distanceMeters: end - start, elapsedSeconds: elapsed, movingSeconds: moving,
                                   untimedDistanceMeters: hasTimes ? max(0, end - start - timedMeters) : 0))
            start = end
            startTimed = endTimed
            startTimes = endTimes
            index += 1
        }
        return result
    }

    /// The fastest stretch of each of `targets` metres the run contains (timer time).
    public func bestEfforts(targets: [Double] = BestEffort.standardDistances) -> [BestEffort] {
        guard hasTimes, let total = distances.last, let first = distances.first else { return [] }
        let monotonic = Self.neverDecrease(distances, timers)
        return targets.compactMap { target in
            guard total - first >= target else { return nil }
            return Self.bestEffort(target, distances: distances, timers: timers, monotonic: monotonic)
        }
    }

    /// Candidates per block that one bound may rule out together (see `bestEffort`): a block
    /// ruled out doubles the next one, up to `largestBlock`; one that is not is retried at a
    /// quarter of its size, and processed candidate by candidate at `smallestBlock`.
    static let smallestBlock = 4
    static let largestBlock = 1 << 16

    /// The size of the next block of candidates in one sweep of `bestEffort`.
    private struct BlockSize {
        var count: Int

        /// A block was ruled out: try a larger one next.
        mutating func grow() {
            count = min(2 * count, largestBlock)
        }

        /// A block could not be ruled out: whether to retry it smaller (`false`: it is already as
        /// small as blocks go, and its candidates are to be tried one by one).
        mutating func shrink() -> Bool {
            guard count > smallestBlock else { return false }
            count = max(smallestBlock, count / 4)
            return true
        }
    }

    /// Whether neither distances nor timers ever decrease (NaN counts as a decrease).
    private static func neverDecrease(_ d: [Double], _ t: [Double]) -> Bool {
        var ordered = true
        for index in 1..<max(1, d.count) {
            ordered = ordered && d[index] >= d[index - 1] && t[index] >= t[index - 1]
        }
        return ordered
    }

    /// Where `while j + 1 < n && d[j + 1] <= x { j += 1 }` leaves `j`, found by galloping and
    /// bisection (`d` never decreases).
    private static func lastAtMost(_ x: Double, from j: Int, _ d: [Double]) -> Int {
        let n = d.count
        guard j + 1 < n, d[j + 1] <= x else { return j }
        var low = j + 1, step = 1
        while low + step < n && d[low + step] <= x {
            low += step
            step *= 2
        }
        var high = min(low + step, n)
        while high - low > 1 {
            let middle = (low + high) / 2
            // Selects rather than branches: the halvings are as unpredictable as they are few.
            let before = d[middle] <= x
            low = before ? middle : low
            high = before ? high : middle
        }
        return low
    }

    /// Where `while k < n && d[k] < y { k += 1 }` leaves `k`, found by galloping and bisection.
    private static func firstAtLeast(_ y: Double, from k: Int, _ d: [Double]) -> Int {
        let n = d.count
        guard k < n, d[k] < y else { return k }
        var low = k, step = 1
        while low + step < n && d[low + step] < y {
            low += step
            step *= 2
        }
        var high = min(low + step, n)
        while high - low > 1 {
            let middle = (low + high) / 2
            let before = d[middle] < y
            low = before ? middle : low
            high = before ? high : middle
        }
        return high
    }

    /// The two sweeps (they run once per standard distance over every fix of a run). The first
    /// stretch found wins a tie, as it always has.
    ///
    /// When distances and timers never decrease (`monotonic`), a block of candidates is skipped
    /// when a lower bound on all their times already exceeds the best so far: none of them could
    /// have won, so the result is the same, bit for bit, with far fewer interpolations. The
    /// pointers into the track are moved to where the full sweep would leave them.
    private static func bestEffort(
        _ length: Double, distances d: [Double], timers t: [Double], monotonic: Bool
    ) -> BestEffort? {
        let n = d.count
        guard n > 0 else { return nil }
        // An interpolated start may exceed the next fix's time by a few ulps; this margin is far larger.
        let margin = 1e-12 * (1 + max(abs(t[0]), abs(t[n - 1])))
        var found = false, bestElapsed = 0.0, bestStart = 0.0

        // Each fix as the end: the start lies `length` earlier, interpolated (latest such instant).
        let d0 = d[0]
        var j = 0
        var blockStart = 0, block = BlockSize(count: monotonic ? smallestBlock : n)
        while blockStart < n {
            let blockEnd = min(n, blockStart + block.count)
            if monotonic, found, d[blockEnd - 1] - d0 >= length {
                // Every start in the block is at most the time of the fix after the last one's start.
                let jEnd = lastAtMost(d[blockEnd - 1] - length, from: j, d)
                if t[blockStart] - t[min(jEnd + 1, n - 1)] > bestElapsed + margin {
                    j = jEnd
                    blockStart = blockEnd
                    block.grow()
                    continue
                }
                if block.shrink() { continue }
            }
            for i in blockStart..<blockEnd where d[i] - d0 >= length {
                let x = d[i] - length
                while j + 1 < n && d[j + 1] <= x { j += 1 }
                let startTime: Double
                if d[j] == x || j + 1 >= n || d[j + 1] == d[j] {
                    startTime = t[j]
                } else {
                    startTime = t[j] + (x - d[j]) / (d[j + 1] - d[j]) * (t[j + 1] - t[j])
                }
                let elapsed = t[i] - startTime
                if !found || elapsed < bestElapsed {
                    found = true
                    bestElapsed = elapsed
                    bestStart = startTime
                }
            }
            blockStart = blockEnd
        }

        // Each fix as the start: the end lies `length` later, interpolated (earliest such instant).
        let last = d[n - 1]
        var k = 0
        blockStart = 0
        block = BlockSize(count: monotonic ? smallestBlock : n)
        sweep: while blockStart < n {
            let blockEnd = min(n, blockStart + block.count)
            if monotonic, found {
                // Every end in the block is at least the time of the fix before the first one's end.
                let y = d[blockStart] + length
                guard y <= last else { break sweep }
                k = firstAtLeast(y, from: k, d)
                guard k < n else { break sweep }
                if t[max(k, 1) - 1] - t[blockEnd - 1] > bestElapsed {
                    blockStart = blockEnd
                    block.grow()
                    continue
                }
                if block.shrink() { continue }
            }
            for s in blockStart..<blockEnd {
                let y = d[s] + length
                guard y <= last else { break sweep }
                // Latest fix with the same distance as s starts the stretch latest.
                if s + 1 < n && d[s + 1] == d[s] { continue }
                while k < n && d[k] < y { k += 1 }
                guard k < n else { break sweep }
                let endTime: Double
                if d[k] == y || k == 0 {
                    endTime = t[k]
                } else {
                    endTime = t[k - 1] + (y - d[k - 1]) / (d[k] - d[k - 1]) * (t[k] - t[k - 1])
                }
                let elapsed = endTime - t[s]
                if !found || elapsed < bestElapsed {
                    found = true
                    bestElapsed = elapsed
                    bestStart = t[s]
                }
            }
            blockStart = blockEnd
        }
        return found ? BestEffort(distanceMeters: length, elapsedSeconds: bestElapsed, startOffsetSeconds: bestStart) : nil
    }
}
