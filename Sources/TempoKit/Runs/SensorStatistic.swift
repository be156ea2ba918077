/// The average and the maximum of one sensor's readings (heart rate, cadence, power, temperature).
///
/// The average is the plain mean of the readings (one per fix that carries the sensor), as
/// devices and fitparse-based tools report it; units are the sensor's.
public struct SensorStatistic: Sendable, Hashable, Codable {
    /// Mean of the readings.
    public var average: Double
    /// Largest reading.
    public var maximum: Double
    /// Readings counted.
    public var samples: Int

    /// A statistic from its numbers.
    public init(average: Double, maximum: Double, samples: Int) {
        self.average = average
        self.maximum = maximum
        self.samples = samples
    }

    private enum CodingKeys: String, CodingKey {
        case average = "avg", maximum = "max", samples
    }
}
