/// How fixes are turned into a run: the filter's limits and the stop detector's parameters.
///
/// Defaults suit any sport; `RunSettings(sport:)` adds the sport as the motion model's prior.
public struct RunSettings: Sendable, Hashable, Codable {
    /// The sport, when the file or the user names it (`nil`: inferred from the speeds).
    public var sport: Sport?
    /// Fixes whose horizontal accuracy radius is larger than this (metres) are dropped.
    public var maxHorizontalAccuracyMeters: Double
    /// A step faster than this (metres per second, after allowing for both fixes' accuracy) is
    /// physically impossible for the sport (100 m/s when it is not known).
    public var maxSpeedMetersPerSecond: Double
    /// Whether stops are taken out of moving time (auto-pause). Stops never add distance either way.
    public var autoPause: Bool
    /// The smallest radius (metres) of the circle a stopped runner's fixes wander in; the
    /// detector scales it up with the fixes' accuracy (see `RunRecorder`).
    public var stopRadiusMeters: Double
    /// How long (seconds) the fixes must stay inside that circle before the runner counts as stopped.
    public var stopAfterSeconds: Double
    /// A fix whose own reported speed is at least this (metres per second) is never standing still.
    public var movingSpeedMetersPerSecond: Double
    /// The accuracy assumed (metres) for fixes that do not state one.
    public var assumedAccuracyMeters: Double

    /// Settings for a run; pass `autoPause: false` to count stops in moving time.
    public init(
        maxHorizontalAccuracyMeters: Double = 50,
        maxSpeedMetersPerSecond: Double = 100,
        autoPause: Bool = true,
        stopRadiusMeters: Double = 10,
        stopAfterSeconds: Double = 45,
        movingSpeedMetersPerSecond: Double = 1,
        assumedAccuracyMeters: Double = 5
    ) {
        self.maxHorizontalAccuracyMeters = maxHorizontalAccuracyMeters
        self.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
        self.autoPause = autoPause
        self.stopRadiusMeters = stopRadiusMeters
        self.stopAfterSeconds = stopAfterSeconds
        self.movingSpeedMetersPerSecond = movingSpeedMetersPerSecond
        self.assumedAccuracyMeters = assumedAccuracyMeters
    }

    /// Settings for a sport named as files name it ("Run", "Biking", "hiking"…; see `Sport(name:)`).
    public init(sportNamed name: String?) {
        self.init(sport: name.flatMap(Sport.init(name:)))
    }

    /// Settings with `sport` as the prior (`nil`: not known).
    public init(sport: Sport?) {
        self.init()
        self.sport = sport
        if let sport { maxSpeedMetersPerSecond = sport.maxSpeedMetersPerSecond }
    }
}
