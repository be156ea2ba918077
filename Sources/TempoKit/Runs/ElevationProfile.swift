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
    /// Half-width of the smoothing window, seconds (or fixes for untimed tracks).
    public static let smoothingHalfWindow = 15.0
    /// A change smaller than this (metres) is not counted until it grows past it.
    public static let thresholdMeters = 2.0

    /// Gain and loss over the samples (grouped by their `segment`); `nil` without altitudes.
    public init?(samples: [RunSample]) {
        self.init(count: samples.count, segment: { samples[$0].segment }, altitude: { samples[$0].altitudeMeters ?? .nan },
                  time: { samples[$0].time?.timeIntervalSince1970 ?? .nan })
    }

    /// Gain and loss over the recorder's columns, exactly as `init?(samples:)` computes them
    /// (the same points, read straight from the columns into reused buffers).
    init?(store: RunSampleStore) {
        let n = store.count
        var gain = 0.0, loss = 0.0, any = false
        var xs: [Double] = [], altitudes: [Double] = [], prefix: [Double] = []
        store.segments.withUnsafeBufferPointer { segments in
            store.altitudes.withUnsafeBufferPointer { storedAltitudes in
                store.times.withUnsafeBufferPointer { times in
                    var start = 0
                    while start < n {
                        var end = start + 1
                        while end < n && segments[end] == segments[start] { end += 1 }
                        if xs.count < end - start {
                            xs = [Double](repeating: 0, count: end - start)
                            altitudes = xs
                            prefix = [Double](repeating: 0, count: end - start + 1)
                        }
                        var count = 0
                        xs.withUnsafeMutableBufferPointer { x in
                            altitudes.withUnsafeMutableBufferPointer { a in
                                for index in start..<end {
                                    let value = storedAltitudes[index]
                                    guard value.isFinite else { continue }
                                    let seconds = times[index]
                                    x[count] = seconds.isNaN
                                        ? Double(index - start) : seconds + Date.timeIntervalBetween1970AndReferenceDate
                                    a[count] = value
                                    count += 1
                                }
                            }
                        }
                        if count > 0 {
                            any = true
                            let (g, l) = xs.withUnsafeBufferPointer { x in
                                altitudes.withUnsafeBufferPointer { a in
                                    prefix.withUnsafeMutableBufferPointer { p in
                                        Self.gainAndLoss(xs: UnsafeBufferPointer(rebasing: x[..<count]),
                                                         altitudes: UnsafeBufferPointer(rebasing: a[..<count]), prefix: p)
                                    }
                                }
                            }
                            gain += g
                            loss += l
                        }
                        start = end
                    }
                }
            }
        }
        guard any else { return nil }
        gainMeters = gain
        lossMeters = loss
    }

    /// The one pass: fixes `0..<count`, grouped into runs of equal `segment`; altitudes and times
    /// (seconds since 1970) are NaN when absent, and an untimed segment is spaced by fix index.
    private init?<Segment: Equatable>(
        count: Int, segment: (Int) -> Segment, altitude: (Int) -> Double, time: (Int) -> Double
    ) {
        var gain = 0.0, loss = 0.0, any = false
        var start = 0
        // Reused from segment to segment: positions (seconds or index), altitudes, prefix sums.
        var xs: [Double] = [], altitudes: [Double] = [], prefix: [Double] = []
        while start < count {
            var end = start
            while end < count && segment(end) == segment(start) { end += 1 }
            xs.removeAll(keepingCapacity: true)
            altitudes.removeAll(keepingCapacity: true)
            for index in start..<end {
                let value = altitude(index)
                guard value.isFinite else { continue }
                let seconds = time(index)
                xs.append(seconds.isNaN ? Double(index - start) : seconds)
                altitudes.append(value)
            }
            if !altitudes.isEmpty {
                any = true
                if prefix.count < altitudes.count + 1 {
                    prefix = [Double](repeating: 0, count: altitudes.count + 1)
                }
                let (g, l) = xs.withUnsafeBufferPointer { x in
                    altitudes.withUnsafeBufferPointer { a in
                        prefix.withUnsafeMutableBufferPointer { p in Self.gainAndLoss(xs: x, altitudes: a, prefix: p) }
                    }
                }
                gain += g
                loss += l
            }
            start = end
        }
        guard any else { return nil }
        gainMeters = gain
        lossMeters = loss
    }

    /// Gain and loss of one segment's points (`xs` in seconds or fix index, altitudes finite,
    /// metres); `prefix` is scratch space for at least `count + 1` values.
    static func gainAndLoss(
        xs: UnsafeBufferPointer<Double>, altitudes: UnsafeBufferPointer<Double>, prefix: UnsafeMutableBufferPointer<Double>
    ) -> (Double, Double) {
        let n = altitudes.count
        guard n > 0 else { return (0, 0) }
        // 1. Spikes: replace any altitude far from the median of its neighbourhood. The cleaned
        //    altitudes go straight into their prefix sums (same order of additions as summing them after).
        var window: [Double] = []
        window.reserveCapacity(2 * spikeWindow + 1)
        prefix[0] = 0
        for i in 0..<n {
            let altitude = altitudes[i]
            let neighbours = max(0, i - spikeWindow)...min(n - 1, i + spikeWindow)
            // The median is one of the window's values: when every one of them is within the limit,
            // so is the median and the sort is not needed (the common case by far). |a − v| grows
            // with v's distance from a, rounding included, so the extremes decide for all.
            var lowest = altitude, highest = altitude
            if i >= spikeWindow && i + spikeWindow < n {
                // A whole window: a fixed count the compiler unrolls.
                for offset in 0..<(2 * spikeWindow + 1) {
                    let value = altitudes[i - spikeWindow + offset]
                    lowest = value < lowest ? value : lowest
                    highest = value > highest ? value : highest
                }
            } else {
                for j in neighbours {
                    let value = altitudes[j]
                    lowest = value < lowest ? value : lowest
                    highest = value > highest ? value : highest
                }
            }
            var cleaned = altitude
            if !(highest - altitude <= spikeLimitMeters && altitude - lowest <= spikeLimitMeters) {
                window.removeAll(keepingCapacity: true)
                for j in neighbours { window.append(altitudes[j]) }
                window.sort()
                let median = window[window.count / 2]
                if abs(altitude - median) > spikeLimitMeters { cleaned = median }
            }
            prefix[i + 1] = prefix[i] + cleaned
        }
        // 2. Smoothing: mean over a centred window (two pointers, prefix sums), fed straight into
        // 3. hysteresis: a climb counts from its trough to its crest once the crest is confirmed
        //    by a descent of at least the threshold (and likewise for descents).
        var first = 0, last = 0
        func smoothed(_ i: Int) -> Double {
            while xs[first] < xs[i] - smoothingHalfWindow { first += 1 }
            while last + 1 < n && xs[last + 1] <= xs[i] + smoothingHalfWindow { last += 1 }
            return (prefix[last + 1] - prefix[first]) / Double(last - first + 1)
        }
        var gain = 0.0, loss = 0.0
        let initial = smoothed(0)
        var direction = 0, base = initial, low = initial, high = initial
        for i in 1..<max(1, n) {
            let value = smoothed(i)
            switch direction {
            case 1:
                if value > high { high = value }
                if high - value >= thresholdMeters {
                    gain += high - base
                    base = high; low = value; direction = -1
                }
            case -1:
                if value < low { low = value }
                if value - low >= thresholdMeters {
                    loss += base - low
                    base = low; high = value; direction = 1
                }
            default:
                low = min(low, value); high = max(high, value)
                if value - low >= thresholdMeters {
                    base = low; high = value; direction = 1
                } else if high - value >= thresholdMeters {
                    base = high; low = value; direction = -1
                }
            }
        }
        if direction == 1 { gain += high - base }
        if direction == -1 { loss += base - low }
        return (gain, loss)
    }
}
