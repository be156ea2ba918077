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
        var timed: [(time: Double, distance: Double)] = []
        for index in 0..<store.count where !store.times[index].isNaN { timed.append((store.times[index], store.distances[index])) }
        guard !timed.isEmpty else { return Array(repeating: .none, count: splits) }
        var tallies = Array(repeating: Tallies(), count: splits)
        var low = 0
        for reading in readings where !reading.time.isNaN {
            let distance = Self.distance(at: reading.time, along: timed, low: &low)
            tallies[min(splits - 1, max(0, Int(distance / splitLength)))].add(reading)
        }
        return tallies.map(\.summary)
    }

    /// The distance at `time` along timed samples (times never decrease): clamped at the ends.
    /// `low` is where the previous reading was found, and is left where this one is.
    private static func distance(at time: Double, along timed: [(time: Double, distance: Double)], low: inout Int) -> Double {
        let last = timed.count - 1
        guard time > timed[0].time else { return timed[0].distance }
        guard time < timed[last].time else { return timed[last].distance }
        // The last sample at or before `time`: a few steps on from the previous reading's, or bisection.
        if low > last || timed[low].time > time {
            low = 0
            var high = last
            while high - low > 1 {
                let middle = (low + high) / 2
                if timed[middle].time <= time { low = middle } else { high = middle }
            }
        } else {
            while timed[low + 1].time <= time { low += 1 }
        }
        let high = low + 1
        let span = timed[high].time - timed[low].time
        guard span > 0 else { return timed[low].distance }
        return timed[low].distance + (time - timed[low].time) / span * (timed[high].distance - timed[low].distance)
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
