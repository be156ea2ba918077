/// One split (or lap) of a run: a stretch of distance with its times.
///
/// `elapsedSeconds` is timer time over the stretch (manual pauses excluded, stops included);
/// `movingSeconds` excludes stops; pace is over moving time. Times are `nil` without fix times.
public struct RunSplit: Sendable, Hashable, Codable {
    /// 1-based position.
    public var index: Int
    /// Metres covered.
    public var distanceMeters: Double
    /// Timer seconds.
    public var elapsedSeconds: Double?
    /// Moving seconds.
    public var movingSeconds: Double?
    /// Seconds per km over moving time (and the timed distance).
    public var paceSecondsPerKilometer: Double?
    /// Metres of the split covered without times (a file's untimed fixes): in the distance,
    /// in no time and no pace.
    public var untimedDistanceMeters: Double
    /// Heart rate, cadence, power and temperature read while the split was run (splits only; laps have none).
    public var sensors: SensorSummary = .none

    /// A split; its pace is derived from `movingSeconds` over its timed distance
    /// (`distanceMeters - untimedDistanceMeters`).
    public init(index: Int, distanceMeters: Double, elapsedSeconds: Double?, movingSeconds: Double?, untimedDistanceMeters: Double = 0) {
        self.index = index
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.untimedDistanceMeters = untimedDistanceMeters
        let timed = distanceMeters - untimedDistanceMeters
        self.paceSecondsPerKilometer = movingSeconds.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: timed) }
    }

    private enum CodingKeys: String, CodingKey {
        case index, distanceMeters = "distance_m", elapsedSeconds = "elapsed_s", movingSeconds = "moving_s"
        case paceSecondsPerKilometer = "pace_s_per_km", untimedDistanceMeters = "untimed_distance_m", sensors
    }

    /// Decodes what ``encode(to:)`` wrote; a split written before untimed distance was known has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        distanceMeters = try container.decode(Double.self, forKey: .distanceMeters)
        elapsedSeconds = try container.decodeIfPresent(Double.self, forKey: .elapsedSeconds)
        movingSeconds = try container.decodeIfPresent(Double.self, forKey: .movingSeconds)
        paceSecondsPerKilometer = try container.decodeIfPresent(Double.self, forKey: .paceSecondsPerKilometer)
        untimedDistanceMeters = try container.decodeIfPresent(Double.self, forKey: .untimedDistanceMeters) ?? 0
        sensors = try container.decodeIfPresent(SensorSummary.self, forKey: .sensors) ?? .none
    }

    /// Encodes with snake_case keys; absent times are `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(movingSeconds, forKey: .movingSeconds)
        try container.encode(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
        try container.encode(untimedDistanceMeters, forKey: .untimedDistanceMeters)
        try container.encode(sensors, forKey: .sensors)
    }
}
