import Foundation

extension RunSampleStore {
    /// Cumulative distance (metres) and moving time (seconds) at each of `instants` (UTC, in
    /// ascending order), one sweep over the samples.
    ///
    /// Between two timed samples of one segment the totals are interpolated in time, so a part
    /// begun at an instant is cut there exactly (as splits are cut at exact distances); across a
    /// segment boundary (a pause) they hold still, since nothing is counted there. Before the first
    /// timed sample they are zero; after the last, the last sample's. Moving time is `nil` where
    /// the samples have none.
    func totals(at instants: [Date]) -> [(distanceMeters: Double, movingSeconds: Double?)] {
        var result: [(distanceMeters: Double, movingSeconds: Double?)] = []
        result.reserveCapacity(instants.count)
        // The last timed sample at or before the instant, and the first index after it not yet looked at.
        var atOrBefore: Int?
        var index = 0
        for instant in instants {
            let t = instant.timeIntervalSinceReferenceDate
            while index < count, times[index].isNaN || times[index] <= t {
                if !times[index].isNaN { atOrBefore = index }
                index += 1
            }
            guard let before = atOrBefore else {
                result.append((0, isEmpty || moving(0) == nil ? nil : 0))
                continue
            }
            // `index` is now the first timed sample after the instant (or the end).
            let after = index
            guard after < count, segments[after] == segments[before], times[after] > times[before] else {
                result.append((distances[before], moving(before)))
                continue
            }
            let fraction = (t - times[before]) / (times[after] - times[before])
            let distance = distances[before] + fraction * (distances[after] - distances[before])
            var movingSeconds: Double?
            if let a = moving(before), let b = moving(after) { movingSeconds = a + fraction * (b - a) }
            result.append((distance, movingSeconds))
        }
        return result
    }
}
