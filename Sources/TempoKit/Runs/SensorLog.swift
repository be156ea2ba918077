import Foundation

/// The sensor readings of every fix a recorder was offered while recording, kept apart from
/// the positions: a fix dropped for its position (poor accuracy, standing still) still carries
/// a heart beat. One reading per fix that has any, NaN where it lacks one.
///
/// Kept on the recorder's per-fix path, so adding costs one append and no allocation, and the
/// per-split summaries walk the readings and the samples together once (readings come in time
/// order; one that does not is found by bisection).
struct SensorLog: Sendable {
    /// One fix's readings.
    struct Reading: Sendable {
        /// Seconds since the reference date (NaN: the fix had no time).
        var time: Double
        /// Beats per minute, steps per minute, watts and degrees Celsius.
        var heartRate: Double, cadence: Double, power: Double, temperature: Double
    }

    /// The readings, in the order the fixes were offered.
    private(set) var readings: [Reading] = []

    /// Makes room for the readings of `fixes` fixes at once, instead of growing (and copying) step
    /// by step; in a buffer offered for huge pages when `hugePages`.
    mutating func reserveCapacity(_ fixes: Int, hugePages: Bool = false) {
        LargeArray.reserveCapacity(fixes, in: &readings, hugePages: hugePages)
    }

    /// Keeps `fix`'s readings, if it has any.
    mutating func add(_ fix: LocationFix) {
        let heartRate = fix.heartRateBPM, cadence = fix.cadencePerMinute
        let power = fix.powerWatts, temperature = fix.temperatureCelsius
        guard heartRate != nil || cadence != nil || power != nil || temperature != nil else { return }
        readings.append(Reading(time: fix.time?.timeIntervalSinceReferenceDate ?? .nan, heartRate: heartRate ?? .nan,
                                cadence: cadence ?? .nan, power: power ?? .nan, temperature: temperature ?? .nan))
    }

    /// Avg/max of every reading.
    func summary() -> SensorSummary {
        var tallies = Tallies()
        for reading in readings { tallies.add(reading) }
        return tallies.summary
    }

    /// One summary per split of `splitLength` metres: each timed reading goes to the split
    /// holding the run's distance at its instant (interpolated between the accepted fixes around it).
    func splitSummaries(store: RunSampleStore, splitLength: Double, splits: Int) -> [SensorSummary] {
        guard splits > 0, !readings.isEmpty else { return Array(repeating: .none, count: splits) }
        // The timed samples: the store's own columns when every sample has a time (no copy).
        var times = store.times, distances = store.distances
        if times.contains(where: \.isNaN) {
            let timed = store.times.indices.filter { !store.times[$0].isNaN }
            times = timed.map { store.times[$0] }
            distances = timed.map { store.distances[$0] }
        }
        guard !times.isEmpty else { return Array(repeating: .none, count: splits) }
        var tallies = Array(repeating: Tallies(), count: splits)
        var low = 0
        for reading in readings where !reading.time.isNaN {
            let distance = Self.distance(at: reading.time, times: times, distances: distances, low: &low)
            tallies[min(splits - 1, max(0, Int(distance / splitLength)))].add(reading)
        }
        return tallies.map(\.summary)
    }

    /// The distance at `time` along timed samples (times never decrease): clamped at the ends.
    /// `low` is where the previous reading was found, and is left where this one is.
    private static func distance(at time: Double, times: [Double], distances: [Double], low: inout Int) -> Double {
        let last = times.count - 1
        guard time > times[0] else { return distances[0] }
        guard time < times[last] else { return distances[last] }
        // The last sample at or before `time`: a few steps on from the previous reading's, or bisection.
        if low > last || times[low] > time {
            low = 0
            var high = last
            while high - low > 1 {
                let middle = (low + high) / 2
                if times[middle] <= time { low = middle } else { high = middle }
            }
        } else {
            while times[low + 1] <= time { low += 1 }
        }
        let high = low + 1
        let span = times[high] - times[low]
        guard span > 0 else { return distances[low] }
        return distances[low] + (time - times[low]) / span * (distances[high] - distances[low])
    }

    /// Running sums of the four readings, in the order they are added.
    private struct Tallies {
        var heartRate = Tally(), cadence = Tally(), power = Tally(), temperature = Tally()

        mutating func add(_ reading: Reading) {
            heartRate.add(reading.heartRate)
            cadence.add(reading.cadence)
            power.add(reading.power)
            temperature.add(reading.temperature)
        }

        var summary: SensorSummary {
            SensorSummary(heartRate: heartRate.statistic, cadence: cadence.statistic, power: power.statistic,
                          temperature: temperature.statistic)
        }
    }

    /// Sum, maximum and count of one sensor's readings (NaN: no reading).
    private struct Tally {
        var sum = 0.0, maximum = -Double.infinity, count = 0

        mutating func add(_ value: Double) {
            guard !value.isNaN else { return }
            sum += value
            maximum = max(maximum, value)
            count += 1
        }

        var statistic: SensorStatistic? {
            count == 0 ? nil : SensorStatistic(average: sum / Double(count), maximum: maximum, samples: count)
        }
    }
}
