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

    /// Gain and loss over the recorder's columns, exactly as `init?(samples:)` computes them.
    init?(store: RunSampleStore) {
        self.init(count: store.count, segment: { store.segments[$0] }, altitude: { store.altitudes[$0] },
                  time: { store.times[$0].isNaN ? .nan : store.times[$0] + Date.timeIntervalBetween1970AndReferenceDate })
    }

    /// The one pass: fixes `0..<count`, grouped into runs of equal `segment`; altitudes and times
    /// (seconds since 1970) are NaN when absent, and an untimed segment is spaced by fix index.
    private init?<Segment: Equatable>(
        count: Int, segment: (Int) -> Segment, altitude: (Int) -> Double, time: (Int) -> Double
    ) {
        var gain = 0.0, loss = 0.0, any = false
        var start = 0
        var points: [(x: Double, altitude: Double)] = []
        while start < count {
            var end = start
            while end < count && segment(end) == segment(start) { end += 1 }
            points.removeAll(keepingCapacity: true)
            for index in start..<end {
                let value = altitude(index)
                guard value.isFinite else { continue }
                let seconds = time(index)
                points.append((seconds.isNaN ? Double(index - start) : seconds, value))
            }
            if !points.isEmpty {
                any = true
                let (g, l) = Self.gainAndLoss(points)
                gain += g
                loss += l
            }
            start = end
        }
        guard any else { return nil }
        gainMeters = gain
        lossMeters = loss
    }

    static func gainAndLoss(_ points: [(x: Double, altitude: Double)]) -> (Double, Double) {
        let n = points.count
        // 1. Spikes: replace any altitude far from the median of its neighbourhood.
        let altitudes = points.map(\.altitude)
        var cleaned = altitudes
        var window: [Double] = []
        window.reserveCapacity(2 * spikeWindow + 1)
        for i in 0..<n {
            let altitude = altitudes[i]
            let neighbours = max(0, i - spikeWindow)...min(n - 1, i + spikeWindow)
            // The median is one of the window's values: when every one of them passes the test
            // below, so does the median, and the sort is not needed (the common case by far).
            var allClose = true
            for j in neighbours where !(abs(altitude - altitudes[j]) <= spikeLimitMeters) {
                allClose = false
                break
            }
            if allClose { continue }
            window.removeAll(keepingCapacity: true)
            for j in neighbours { window.append(altitudes[j]) }
            window.sort()
            let median = window[window.count / 2]
            if abs(altitude - median) > spikeLimitMeters { cleaned[i] = median }
        }
        // 2. Smoothing: mean over a centred window (two pointers, prefix sums).
        var prefix = [0.0]
        prefix.reserveCapacity(n + 1)
        for value in cleaned { prefix.append((prefix.last ?? 0) + value) }
        var smoothed = [Double](repeating: 0, count: n)
        var first = 0, last = 0
        for i in 0..<n {
            while points[first].x < points[i].x - smoothingHalfWindow { first += 1 }
            while last + 1 < n && points[last + 1].x <= points[i].x + smoothingHalfWindow { last += 1 }
            smoothed[i] = (prefix[last + 1] - prefix[first]) / Double(last - first + 1)
        }
        // 3. Hysteresis: a climb counts from its trough to its crest once the crest is confirmed
        //    by a descent of at least the threshold (and likewise for descents).
        var gain = 0.0, loss = 0.0
        guard let initial = smoothed.first else { return (0, 0) }
        var direction = 0, base = initial, low = initial, high = initial
        for value in smoothed.dropFirst() {
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
