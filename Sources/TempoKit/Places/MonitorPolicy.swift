/// Which fixes a monitor trusts.
public struct MonitorPolicy: Sendable, Hashable {
    /// Fixes whose horizontal accuracy is worse (larger) than this are ignored, metres.
    public var worstAccuracyMeters: Double
    /// The accuracy assumed for a fix that reports none (GPX and FIT files rarely do), metres.
    /// 10 m is a typical consumer receiver's 68 % radius in open sky.
    public var assumedAccuracyMeters: Double
    /// Fixes older than this many seconds before the driver's `now` are ignored as stale; `nil`
    /// (the default) disables the check, as replays of recorded tracks need.
    public var maximumFixAgeSeconds: Double?

    /// Builds a policy (defaults: 100 m worst accuracy, 10 m assumed, no staleness limit).
    public init(worstAccuracyMeters: Double = 100, assumedAccuracyMeters: Double = 10, maximumFixAgeSeconds: Double? = nil) {
        self.worstAccuracyMeters = worstAccuracyMeters
        self.assumedAccuracyMeters = assumedAccuracyMeters
        self.maximumFixAgeSeconds = maximumFixAgeSeconds
    }
}
