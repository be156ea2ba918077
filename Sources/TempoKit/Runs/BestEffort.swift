/// The fastest stretch of a given distance inside a run, found by interpolation.
public struct BestEffort: Sendable, Hashable, Codable {
    /// The distances looked for, metres: 400 m, 1 km, 1 mile, 5 km, 10 km, half and full marathon.
    public static let standardDistances: [Double] = [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195]

    /// The stretch's length, metres.
    public var distanceMeters: Double
    /// How long it took (timer time: manual pauses excluded), seconds.
    public var elapsedSeconds: Double
    /// Timer time at which the stretch began, seconds from the start.
    public var startOffsetSeconds: Double

    /// An effort of `distanceMeters` taking `elapsedSeconds`, begun `startOffsetSeconds` into the run's timer.
    public init(distanceMeters: Double, elapsedSeconds: Double, startOffsetSeconds: Double) {
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.startOffsetSeconds = startOffsetSeconds
    }

    private enum CodingKeys: String, CodingKey {
        case distanceMeters = "distance_m", elapsedSeconds = "elapsed_s", startOffsetSeconds = "start_offset_s"
    }
}
