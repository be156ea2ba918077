import Foundation

/// Elevation gain and loss from noisy altitudes: spikes rejected, then smoothed, then counted
/// with a threshold (hysteresis), never by summing raw differences.
///
/// Each segment is handled on its own. Altitudes in metres.
public struct ElevationProfile: Sendable, Hashable {
    /// Metres climbed.
    public var gainMeters: Double
    /// Metres descended.
    public var lossMeters: Double

    /// Half-width of the median window used to find spikes, in fixes.
    public static let spikeWindow = 4
    /// An altitude this far (metres) from its neighbours' median is a spike and is replaced by it.
    public static let spikeLimitMeters = 10.0
    /// Fixes whose neighbourhoods are looked at together first (a run's altitude mostly varies
    /// less than the limit over half a minute).
    static let spikeBlock = 32
    /// The smoothing window reaches at least this far (metres of distance travelled) each side:
    /// terrain shorter than that is noise's scale, and a slow walker's altitude is averaged over
    /// as long as a fast rider's (GPS altitude wanders over a minute; a rider covers 10 m hills in seconds).
    public static let smoothingHalfDistanceMeters = 40.0
    /// ... and at least this long each side, seconds (or fixes for untimed tracks); at most `maxSmoothingHalfWindow`.
    public static let smoothingHalfWindow = 3.0
    /// The longest the window reaches each side, seconds: where the receiver stands, distance no
    /// longer bounds it. Long enough that a hiker as slow as 0.45 m/s still averages over
    /// `smoothingHalfDistanceMeters` each side (with 60 s, GPS altitude's wander over a minute
    /// read as dips of a few metres on a steady climb at 0.4–0.6 m/s, and its gain up to 16 % high).
    public static let maxSmoothingHalfWindow = 90.0
    /// A change smaller than this (metres) is not counted until it grows past it: the threshold
    /// where the altitudes barely wander (a barometer), growing with their measured wander.
    public static let thresholdMeters = 2.0
    /// ... up to this (metres): half the smallest hill a profile keeps (10 m hills every 400 m).
    public static let maxThresholdMeters = 5.0
    /// The threshold is how far the altitude's noise wanders over this long (seconds), as measured
    /// from the segment's own altitudes: GPS altitude error wanders over about a minute.
    public static let wanderSeconds = 60.0

    /// Gain and loss over the samples (grouped by their `segment`); `nil` without altitudes.
    public init?(samples: [RunSample]) {
        var store = RunSampleStore()
        for sample in samples {
            store.append(time: sample.time, coordinate: sample.coordinate, altitudeMeters: sample.altitudeMeters,
                         segment: sample.segment, distanceMeters: sample.distanceMeters,
                         timerSeconds: sample.timerSeconds, movingSeconds: sample.movingSeconds)
        }
        self.init(store: store)
    }

    /// Gain and loss over the recorder's columns, segment by segment.
    init?(store: RunSampleStore) {
        let n = store.count
        var gain = 0.0, loss = 0.0, any = false
        // A segment whose every sample is timed and has an altitude (the usual one) is read in place;
        // the others' timed-or-counted points with altitudes are copied out first.
        var xs: [Double] = [], distances: [Double] = [], altitudes: [Double] = [], prefix: [Double] = []
        var start = 0
        while start < n {
            var end = start + 1
            while end < n && store.segments[end] == store.segments[start] { end += 1 }
            let segment = start..<end
            start = end
            if prefix.count < segment.count + 1 { prefix = [Double](repeating: 0, count: segment.count + 1) }
            let inPlace = segment.allSatisfy { store.altitudes[$0].isFinite && !store.times[$0].isNaN }
            var timed = true
            if !inPlace {
                xs.removeAll(keepingCapacity: true)
                distances.removeAll(keepingCapacity: true)
                altitudes.removeAll(keepingCapacity: true)
                for index in segment {
                    let value = store.altitudes[index]
                    guard value.isFinite else { continue }
                    let seconds = store.times[index]
                    if seconds.isNaN { timed = false }
                    xs.append(seconds.isNaN ? Double(index - segment.lowerBound) : seconds)
                    distances.append(store.distances[index])
                    altitudes.append(value)
                }
                if altitudes.isEmpty { continue }
            }
            let (g, l) = inPlace
                ? Self.gainAndLoss(store.times, store.distances, store.altitudes, segment, timed: true, prefix: &prefix)
                : Self.gainAndLoss(xs, distances, altitudes, altitudes.indices, timed: timed, prefix: &prefix)
            any = true
            gain += g
            loss += l
        }
        guard any else { return nil }
        gainMeters = gain
        lossMeters = loss
    }

    /// `gainAndLoss(xs:distances:altitudes:timed:prefix:)` of the points in `range` of the three columns.
    private static func gainAndLoss(
        _ xs: [Double], _ distances: [Double], _ altitudes: [Double], _ range: Range<Int>, timed: Bool, prefix: inout [Double]
    ) -> (Double, Double) {
        xs.withUnsafeBufferPointer { xs in
            distances.withUnsafeBufferPointer { distances in
                altitudes.withUnsafeBufferPointer { altitudes in
                    prefix.withUnsafeMutableBufferPointer { prefix in
                        gainAndLoss(xs: UnsafeBufferPointer(rebasing: xs[range]), distances: UnsafeBufferPointer(rebasing: distances[range]),
                                    altitudes: UnsafeBufferPointer(rebasing: altitudes[range]), timed: timed, prefix: prefix)
                    }
                }
            }
        }
    }

    /// Gain and loss of one segment's points (`xs` in seconds when `timed`, else fix index,
    /// `distances` travelled in metres, altitudes finite, metres); `prefix` is scratch space for
    /// at least `count + 1` values.
    /// (`spikeBlock` is a parameter for the tests: the result is the same for any block, 1 included,
    /// which looks at each fix's own neighbourhood alone.)
    static func gainAndLoss(
        xs: UnsafeBufferPointer<Double>, distances: UnsafeBufferPointer<Double>, altitudes: UnsafeBufferPointer<Double>,
        timed: Bool, prefix: UnsafeMutableBufferPointer<Double>, spikeBlock: Int = spikeBlock
    ) -> (Double, Double) {
        let n = altitudes.count
        guard n > 0 else { return (0, 0) }
        // 1. Spikes: replace any altitude far from the median of its neighbourhood. The cleaned
        //    altitudes go straight into their prefix sums (same order of additions as summing them after).
        var window: [Double] = []
        window.reserveCapacity(2 * spikeWindow + 1)
        func extremes(_ range: Range<Int>) -> (lowest: Double, highest: Double) {
            var lowest = altitudes[range.lowerBound], highest = lowest
            for j in range {
                let value = altitudes[j]
                lowest = value < lowest ? value : lowest
                highest = value > highest ? value : highest
            }
            return (lowest, highest)
        }
        func cleaned(_ i: Int) -> Double {
            let altitude = altitudes[i]
            let neighbours = max(0, i - spikeWindow)..<min(n, i + spikeWindow + 1)
            // The median is one of the window's values: when every one of them is within the limit,
            // so is the median and the sort is not needed (the common case by far). |a − v| grows
            // with v's distance from a, rounding included, so the extremes decide for all.
            let (lowest, highest) = extremes(neighbours)
            guard !(highest - altitude <= spikeLimitMeters && altitude - lowest <= spikeLimitMeters) else { return altitude }
            window.removeAll(keepingCapacity: true)
            for j in neighbours { window.append(altitudes[j]) }
            window.sort()
            let median = window[window.count / 2]
            return abs(altitude - median) > spikeLimitMeters ? median : altitude
        }
        // A block of fixes whose neighbourhoods all lie within the limit of each other holds no
        // spike (each fix's extremes are within the block's, and rounding keeps the order): one
        // pass over it decides for all of them, and only a block that varies more looks fix by fix.
        prefix[0] = 0
        var blockStart = 0
        while blockStart < n {
            let blockEnd = min(n, blockStart + spikeBlock)
            let (lowest, highest) = extremes(max(0, blockStart - spikeWindow)..<min(n, blockEnd + spikeWindow))
            let calm = highest - lowest <= spikeLimitMeters
            for i in blockStart..<blockEnd { prefix[i + 1] = prefix[i] + (calm ? altitudes[i] : cleaned(i)) }
            blockStart = blockEnd
        }
        // 2. Smoothing: mean over a centred window (two pointers, prefix sums), fed straight into
        // 3. hysteresis: a climb counts from its trough to its crest once the crest is confirmed
        //    by a descent of at least the threshold (and likewise for descents).
        // The window: the fixes within `smoothingHalfDistanceMeters` or `smoothingHalfWindow`
        // seconds, whichever reaches further, but never beyond `maxSmoothingHalfWindow`. Every bound
        // only moves forward with `i`, so each pointer does.
        var first = 0, last = 0, firstByTime = 0, lastByTime = 0, firstByDistance = 0, lastByDistance = 0
        func smoothed(_ i: Int) -> Double {
            while xs[firstByTime] < xs[i] - smoothingHalfWindow { firstByTime += 1 }
            while lastByTime + 1 < n && xs[lastByTime + 1] <= xs[i] + smoothingHalfWindow { lastByTime += 1 }
            while distances[firstByDistance] < distances[i] - smoothingHalfDistanceMeters
                    || xs[firstByDistance] < xs[i] - maxSmoothingHalfWindow { firstByDistance += 1 }
            while lastByDistance + 1 < n && distances[lastByDistance + 1] <= distances[i] + smoothingHalfDistanceMeters
                    && xs[lastByDistance + 1] <= xs[i] + maxSmoothingHalfWindow { lastByDistance += 1 }
            first = min(firstByTime, firstByDistance)
            last = max(lastByTime, lastByDistance)
            return (prefix[last + 1] - prefix[first]) / Double(last - first + 1)
        }
        let threshold = timed ? self.threshold(times: xs, prefix: UnsafeBufferPointer(prefix)) : thresholdMeters
        var gain = 0.0, loss = 0.0
        let initial = smoothed(0)
        var direction = 0, base = initial, low = initial, high = initial
        for i in 1..<max(1, n) {
            let value = smoothed(i)
            switch direction {
            case 1:
                if value > high { high = value }
                if high - value >= threshold {
                    gain += high - base
                    base = high; low = value; direction = -1
                }
            case -1:
                if value < low { low = value }
                if value - low >= threshold {
                    loss += base - low
                    base = low; high = value; direction = 1
                }
            default:
                low = min(low, value); high = max(high, value)
                if value - low >= threshold {
                    base = low; high = value; direction = 1
                } else if high - value >= threshold {
                    base = high; low = value; direction = -1
                }
            }
        }
        if direction == 1 { gain += high - base }
        if direction == -1 { loss += base - low }
        return (gain, loss)
    }

    /// The hysteresis threshold of a timed segment whose spike-cleaned altitudes are the
    /// differences of `prefix`: how far their noise wanders over `wanderSeconds`, √(D·T), between
    /// `thresholdMeters` and `maxThresholdMeters`.
    ///
    /// D is measured as the run motion model measures a track's (`MotionModel.NoiseEstimate`):
    /// third differences cancel a steady climb and read a random walk of rate D (m²/s) the same at
    /// one and at two fixes' spacing, white noise (a barometer's jitter) half as large at two, so
    /// 2·D₂ − D₁ is the part that wanders. Under GPS altitude error (σ 3 m over a minute, D ≈ 0.3)
    /// a smoothed altitude still wanders by metres over minutes: on a climb of 2–5 % at hiking
    /// pace, with the 2 m threshold its dips read as descents and the climbs back as gain (+15 %
    /// on average, up to +51 %). Barometric altitudes read D under 0.1 and keep 2 m. Read where
    /// seven fixes in a row are evenly spaced (within 5 %), at most 1,024 places a segment (evenly
    /// spread); a segment without such a stretch (smart recording) keeps 2 m.
    static func threshold(times t: UnsafeBufferPointer<Double>, prefix p: UnsafeBufferPointer<Double>) -> Double {
        let n = t.count
        guard n >= 7 else { return thresholdMeters }
        var sumOne = 0.0, sumTwo = 0.0, count = 0
        var spacing = 0.0, scale = 0.0  // 1 / √(6·spacing), for the last spacing seen
        let step = max(1, (n - 6) / 1024)
        var i = 0
        while i < n - 6 {
            defer { i += step }
            let h = t[i + 1] - t[i], tolerance = 0.05 * h
            guard h > 0, abs(t[i + 6] - t[i] - 6 * h) <= tolerance, abs(t[i + 2] - t[i + 1] - h) <= tolerance,
                  abs(t[i + 3] - t[i + 2] - h) <= tolerance, abs(t[i + 4] - t[i + 3] - h) <= tolerance,
                  abs(t[i + 5] - t[i + 4] - h) <= tolerance else { continue }
            if h != spacing {
                spacing = h
                scale = 1 / (6 * h).squareRoot()
            }
            // The cleaned altitudes z₀…z₆; the third differences at one and two spacings,
            // each over √(6·its spacing) (a random walk's is N(0, D) then).
            let z0 = p[i + 1] - p[i], z1 = p[i + 2] - p[i + 1], z2 = p[i + 3] - p[i + 2]
            let z3 = p[i + 4] - p[i + 3], z4 = p[i + 5] - p[i + 4], z6 = p[i + 7] - p[i + 6]
            sumOne += abs(z3 - 3 * z2 + 3 * z1 - z0) * scale
            sumTwo += abs(z6 - 3 * z4 + 3 * z2 - z0) * scale * 0.707_106_781_186_547_5
            count += 1
        }
        guard count > 0 else { return thresholdMeters }
        // Mean |x| of a normal x is √(2/π)·σ: the rates are (mean / √(2/π))², as `NoiseScale` reads them.
        let meanOne = sumOne / Double(count), meanTwo = sumTwo / Double(count)
        let wandering = max(0, (2 * meanTwo * meanTwo - meanOne * meanOne) * MotionModel.NoiseScale.rateScale)
        return min(maxThresholdMeters, max(thresholdMeters, (wandering * wanderSeconds).squareRoot()))
    }
}
