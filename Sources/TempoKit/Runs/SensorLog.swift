import Foundation

/// The sensor readings of every fix a recorder was offered while recording, kept apart from
/// the positions: a fix dropped for its position (poor accuracy, standing still) still carries
/// a heart beat. Columns, NaN where a fix lacks a reading.
struct SensorLog: Sendable {
    /// Seconds since the reference date (NaN: the fix had no time).
    private(set) var times: [Double] = []
    /// One column per sensor: heart rate, cadence, power, temperature.
    private(set) var columns: [[Double]] = [[], [], [], []]

    /// Keeps `fix`'s readings, if it has any.
    mutating func add(_ fix: LocationFix) {
        let values = [fix.heartRateBPM, fix.cadencePerMinute, fix.powerWatts, fix.temperatureCelsius]
        guard values.contains(where: { $0 != nil }) else { return }
        times.append(fix.time?.timeIntervalSinceReferenceDate ?? .nan)
        for index in columns.indices { columns[index].append(values[index] ?? .nan) }
    }

    /// Avg/max of every reading (`indices`: only those readings).
    func summary(_ indices: [Int]? = nil) -> SensorSummary {
        func statistic(_ column: [Double]) -> SensorStatistic? {
            var sum = 0.0, maximum = -Double.infinity, count = 0
            for index in indices ?? Array(column.indices) where !column[index].isNaN {
                sum += column[index]
                maximum = max(maximum, column[index])
                count += 1
            }
            return count == 0 ? nil : SensorStatistic(average: sum / Double(count), maximum: maximum, samples: count)
        }
        return SensorSummary(heartRate: statistic(columns[0]), cadence: statistic(columns[1]), power: statistic(columns[2]),
                             temperature: statistic(columns[3]))
    }

    /// One summary per split of `unit`: each timed reading goes to the split holding the run's
    /// distance at its instant (interpolated between the accepted fixes around it).
    func splitSummaries(store: RunSampleStore, splitLength: Double, splits: Int) -> [SensorSummary] {
        guard splits > 0, !times.isEmpty else { return Array(repeating: .none, count: splits) }
        var timed: [(time: Double, distance: Double)] = []
        for index in 0..<store.count where !store.times[index].isNaN { timed.append((store.times[index], store.distances[index])) }
        guard !timed.isEmpty else { return Array(repeating: .none, count: splits) }
        var members = Array(repeating: [Int](), count: splits)
        for (index, time) in times.enumerated() where !time.isNaN {
            let distance = Self.distance(at: time, along: timed)
            members[min(splits - 1, max(0, Int(distance / splitLength)))].append(index)
        }
        return members.map { $0.isEmpty ? .none : summary($0) }
    }

    /// The distance at `time` along timed samples (times never decrease): clamped at the ends.
    private static func distance(at time: Double, along timed: [(time: Double, distance: Double)]) -> Double {
        var low = 0, high = timed.count - 1
        guard time > timed[low].time else { return timed[low].distance }
        guard time < timed[high].time else { return timed[high].distance }
        while high - low > 1 {
            let middle = (low + high) / 2
            if timed[middle].time <= time { low = middle } else { high = middle }
        }
        let span = timed[high].time - timed[low].time
        guard span > 0 else { return timed[low].distance }
        return timed[low].distance + (time - timed[low].time) / span * (timed[high].distance - timed[low].distance)
    }
}
