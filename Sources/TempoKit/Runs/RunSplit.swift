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
    /// Seconds per km over moving time.
    public var paceSecondsPerKilometer: Double?

    /// A split; its pace is derived from `movingSeconds` over `distanceMeters`.
    public init(index: Int, distanceMeters: Double, elapsedSeconds: Double?, movingSeconds: Double?) {
        self.index = index
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.paceSecondsPerKilometer = movingSeconds.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: distanceMeters) }
    }

    private enum CodingKeys: String, CodingKey {
        case index, distanceMeters = "distance_m", elapsedSeconds = "elapsed_s", movingSeconds = "moving_s"
        case paceSecondsPerKilometer = "pace_s_per_km"
    }

    /// Encodes with snake_case keys; absent times are `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(movingSeconds, forKey: .movingSeconds)
        try container.encode(paceSecondsPerKilometer, forKey: .paceSecondsPerKilometer)
    }
}
