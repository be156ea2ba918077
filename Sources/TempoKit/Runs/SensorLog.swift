import Foundation

/// The sensor readings of every fix a recorder was offered while recording, kept apart from
/// the positions: a fix dropped for its position (poor accuracy, standing still) still carries
/// a heart beat. One reading per fix that has any, NaN where it lacks one.
///
/// Kept on the recorder's per-fix path, so adding costs one append and no allocation, and the
/// per-split summaries walk the readings and the samples together once (readings come in time
/// order; one that does not is found by bisection). A file's reader keeps one apart, on its own
/// thread, and hands it to `RunReplay.summary(splitUnit:sensorLog:)`.
///
/// Devices log whole beats, steps and watts and temperatures in whole or half degrees: while every
/// value is exact in 32 bits a reading takes 24 bytes, not 40 (a million readings are 16 MB less
/// memory to touch, a sixth of what a file's summary touched). The first value that is
/// not turns every reading wide; either way each reads back exactly as it came.
public struct SensorLog: Sendable {
    /// One fix's readings.
    struct Reading: Sendable {
        /// Seconds since the reference date (NaN: the fix had no time).
        var time: Double
        /// Beats per minute, steps per minute, watts and degrees Celsius.
        var heartRate: Double, cadence: Double, power: Double, temperature: Double
    }

    /// A reading whose four values are exact in 32 bits.
    private struct Narrow: Sendable {
        var time: Double
        var heartRate: Float, cadence: Float, power: Float, temperature: Float

        /// `reading`'s values in 32 bits, if each is exact there (or NaN).
        init?(exactly reading: Reading) {
            func narrow(_ value: Double) -> Float? {
                let narrow = Float(value)
                return Double(narrow) == value || value.isNaN ? narrow : nil
            }
            guard let heartRate = narrow(reading.heartRate), let cadence = narrow(reading.cadence),
                  let power = narrow(reading.power), let temperature = narrow(reading.temperature) else { return nil }
            self.time = reading.time
            self.heartRate = heartRate
            self.cadence = cadence
            self.power = power
            self.temperature = temperature
        }

        var wide: Reading {
            Reading(time: time, heartRate: Double(heartRate), cadence: Double(cadence), power: Double(power),
                    temperature: Double(temperature))
        }
    }

    /// The readings, in the order the fixes were offered: in `narrow` while each value so far is
    /// exact in 32 bits, else all in `wide`.
    private var narrow: [Narrow] = []
    private var wide: [Reading] = []
    private var isWide = false
    /// Every reading tallied as it came (the same sums, in the same order, as a pass at the end).
    private var overall = Tallies()

    /// An empty log.
    public init() {}

    /// Makes room for the readings of `fixes` fixes at once, instead of growing (and copying) step
    /// by step (memory reserved and never written is never resident).
    public mutating func reserveCapacity(_ fixes: Int) {
        reserveCapacity(fixes, hugePages: false)
    }

    /// `reserveCapacity(_:)`, in a buffer offered for huge pages when `hugePages` (`LargeArray`).
    mutating func reserveCapacity(_ fixes: Int, hugePages: Bool) {
        if isWide {
            LargeArray.reserveCapacity(fixes, in: &wide, hugePages: hugePages)
        } else {
            LargeArray.reserveCapacity(fixes, in: &narrow, hugePages: hugePages)
        }
    }

    /// Whether no fix had a reading.
    var isEmpty: Bool { narrow.isEmpty && wide.isEmpty }

    /// Keeps `fix`'s readings, if it has any.
    public mutating func add(_ fix: LocationFix) {
        let (time, heartRate, cadence, power, temperature) = fix.timeAndSensors
        guard !heartRate.isNaN || !cadence.isNaN || !power.isNaN || !temperature.isNaN else { return }
        let reading = Reading(time: time, heartRate: heartRate, cadence: cadence, power: power, temperature: temperature)
        if !isWide, let narrowed = Narrow(exactly: reading) {
            narrow.append(narrowed)
        } else {
            if !isWide { widen() }
            wide.append(reading)
        }
        overall.add(reading)
    }

    /// Every reading from now on is kept wide, those so far too.
    private mutating func widen() {
        isWide = true
        wide.reserveCapacity(narrow.capacity)
        for reading in narrow { wide.append(reading.wide) }
        narrow = []
    }

    /// Avg/max of every reading.
    func summary() -> SensorSummary { overall.summary }

    /// One summary per split of `splitLength` metres: each timed reading goes to the split
    /// holding the run's distance at its instant (interpolated between the accepted fixes around it).
    func splitSummaries(store: RunSampleStore, splitLength: Double, splits: Int) -> [SensorSummary] {
        guard splits > 0, !isEmpty else { return Array(repeating: .none, count: splits) }
        // The timed samples: the store's own columns when every sample has a time (no copy).
        var times = store.times, distances = store.distances
        if times.contains(where: \.isNaN) {
            let timed = store.times.indices.filter { !store.times[$0].isNaN }
            times = timed.map { store.times[$0] }
            distances = timed.map { store.distances[$0] }
        }
        guard !times.isEmpty else { return Array(repeating: .none, count: splits) }
        var tallies = Array(repeating: Tallies(), count: splits)
        times.withUnsafeBufferPointer { times in
            distances.withUnsafeBufferPointer { distances in
                tallies.withUnsafeMutableBufferPointer { tallies in
                    if isWide {
                        Self.tally(wide, times: times, distances: distances, splitLength: splitLength, into: tallies)
                    } else {
                        Self.tally(narrow.lazy.map(\.wide), times: times, distances: distances, splitLength: splitLength, into: tallies)
                    }
                }
            }
        }
        return tallies.map(\.summary)
    }

    /// Adds each timed reading to the tallies of the split holding the distance at its instant.
    private static func tally(
        _ readings: some Sequence<Reading>, times: UnsafeBufferPointer<Double>, distances: UnsafeBufferPointer<Double>,
        splitLength: Double, into tallies: UnsafeMutableBufferPointer<Tallies>
    ) {
        var low = 0
        for reading in readings where !reading.time.isNaN {
            let distance = Self.distance(at: reading.time, times: times, distances: distances, low: &low)
            tallies[min(tallies.count - 1, max(0, Int(distance / splitLength)))].add(reading)
        }
    }

    /// The distance at `time` along timed samples (times never decrease): clamped at the ends.
    /// `low` is where the previous reading was found, and is left where this one is.
    private static func distance(
        at time: Double, times: UnsafeBufferPointer<Double>, distances: UnsafeBufferPointer<Double>, low: inout Int
    ) -> Double {
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

        @inline(__always) mutating func add(_ reading: Reading) {
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

        @inline(__always) mutating func add(_ value: Double) {
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
