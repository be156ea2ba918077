/// Heart rate, cadence, power and temperature over a run or a split; a sensor the fixes never
/// carried is `nil` (JSON `null`), never 0.
public struct SensorSummary: Sendable, Hashable, Codable {
    /// Beats per minute.
    public var heartRate: SensorStatistic?
    /// Steps (or revolutions) per minute.
    public var cadence: SensorStatistic?
    /// Watts.
    public var power: SensorStatistic?
    /// Degrees Celsius.
    public var temperature: SensorStatistic?

    /// A summary of the given statistics.
    public init(
        heartRate: SensorStatistic? = nil, cadence: SensorStatistic? = nil, power: SensorStatistic? = nil,
        temperature: SensorStatistic? = nil
    ) {
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
        self.temperature = temperature
    }

    /// No sensor at all.
    public static let none = SensorSummary()

    /// Whether no sensor was read.
    public var isEmpty: Bool { heartRate == nil && cadence == nil && power == nil && temperature == nil }

    private enum CodingKeys: String, CodingKey {
        case heartRate = "heart_rate_bpm", cadence = "cadence_per_min", power = "power_w", temperature = "temperature_c"
    }

    /// Encodes every sensor, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(heartRate, forKey: .heartRate)
        try container.encode(cadence, forKey: .cadence)
        try container.encode(power, forKey: .power)
        try container.encode(temperature, forKey: .temperature)
    }
}
