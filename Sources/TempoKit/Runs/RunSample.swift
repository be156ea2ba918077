import Foundation

/// One accepted fix as the run sees it: where it is and the run's running totals at it.
///
/// Totals are cumulative from the start of the run; distances in metres, times in seconds.
/// Time fields are `nil` when the fix (or the whole file) has no time.
public struct RunSample: Sendable, Hashable, Codable {
    /// When the fix was taken (UTC).
    public var time: Date?
    /// Where.
    public var coordinate: Coordinate
    /// Altitude as the source gave it, metres.
    public var altitudeMeters: Double?
    /// Which segment (0-based) the fix belongs to; segments are never joined.
    public var segment: Int
    /// Distance covered up to this fix, metres.
    public var distanceMeters: Double
    /// Timer time (wall clock minus manual pauses) at this fix, seconds.
    public var timerSeconds: Double?
    /// Moving time up to this fix (without stops when auto-pause is on), seconds.
    public var movingSeconds: Double?

    /// A sample with the given totals (metres, seconds).
    public init(
        time: Date?, coordinate: Coordinate, altitudeMeters: Double?, segment: Int,
        distanceMeters: Double, timerSeconds: Double?, movingSeconds: Double?
    ) {
        self.time = time
        self.coordinate = coordinate
        self.altitudeMeters = altitudeMeters
        self.segment = segment
        self.distanceMeters = distanceMeters
        self.timerSeconds = timerSeconds
        self.movingSeconds = movingSeconds
    }
}
