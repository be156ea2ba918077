import Foundation

/// A circle on the WGS84 ellipsoid that is "satisfied" while the device is convincingly inside.
///
/// The monitor's hysteresis: with fix accuracy `a` and geodesic distance `d` from the centre, the
/// condition becomes satisfied only when `d + a ≤ radiusMeters` (held for `dwellSeconds`), and
/// unsatisfied only when `d − a ≥ radiusMeters + exitBufferMeters`; in between nothing changes.
public struct CircularCondition: Sendable, Hashable, Codable {
    /// Smallest accepted radius, metres.
    public static let minimumRadiusMeters = 1.0
    /// Largest accepted radius, metres (1,000 km).
    public static let maximumRadiusMeters = 1_000_000.0

    /// The centre of the circle.
    public let center: Coordinate
    /// Geodesic radius in metres, 1 m … 1,000 km.
    public let radiusMeters: Double
    /// Seconds (measured on fix times) the device must stay convincingly inside before the
    /// condition becomes satisfied; 0 means at the first such fix.
    public let dwellSeconds: Double
    /// Extra metres beyond the radius the device must be (accuracy included) before the condition
    /// becomes unsatisfied again.
    public let exitBufferMeters: Double
    /// Whether the monitor removes the condition once it has been satisfied (CLMonitor's one-shot
    /// pattern, as for a city's frame circle that only announces arrival).
    public let isOneShot: Bool
    /// When the condition counts (judged on fix times); outside it the monitor reports nothing.
    public let window: ActiveWindow

    /// Validates and builds a condition.
    ///
    /// - Parameters:
    ///   - center: the centre of the circle.
    ///   - radiusMeters: the geodesic radius, 1 m to 1,000 km.
    ///   - dwellSeconds: how long the device must stay inside before the condition is satisfied.
    ///   - exitBufferMeters: `nil` for the default, the larger of 20 m and 10 % of the radius.
    ///   - isOneShot: whether the monitor removes the condition once it has been satisfied.
    ///   - window: when the condition counts.
    /// - Throws: `PlaceError` for a bad centre, radius, dwell or buffer.
    public init(
        center: Coordinate, radiusMeters: Double, dwellSeconds: Double = 0,
        exitBufferMeters: Double? = nil, isOneShot: Bool = false, window: ActiveWindow = .always
    ) throws(PlaceError) {
        guard center.latitude.isFinite, center.longitude.isFinite,
              (-90...90).contains(center.latitude), (-180...180).contains(center.longitude)
        else { throw .invalidCenter(latitude: center.latitude, longitude: center.longitude) }
        guard radiusMeters.isFinite,
              (Self.minimumRadiusMeters...Self.maximumRadiusMeters).contains(radiusMeters)
        else { throw .invalidRadius(radiusMeters) }
        guard dwellSeconds.isFinite, dwellSeconds >= 0 else { throw .invalidDwell(dwellSeconds) }
        let buffer = exitBufferMeters ?? Self.defaultExitBufferMeters(radiusMeters: radiusMeters)
        guard buffer.isFinite, buffer >= 0 else { throw .invalidExitBuffer(buffer) }
        self.init(unchecked: center, radiusMeters: radiusMeters, dwellSeconds: dwellSeconds,
                  exitBufferMeters: buffer, isOneShot: isOneShot, window: window)
    }

    /// Rebuilds a condition from values that were validated when it was first made.
    init(unchecked center: Coordinate, radiusMeters: Double, dwellSeconds: Double = 0,
         exitBufferMeters: Double? = nil, isOneShot: Bool = false, window: ActiveWindow = .always) {
        self.center = center
        self.radiusMeters = radiusMeters
        self.dwellSeconds = dwellSeconds
        self.exitBufferMeters = exitBufferMeters ?? Self.defaultExitBufferMeters(radiusMeters: radiusMeters)
        self.isOneShot = isOneShot
        self.window = window
    }

    /// The default exit buffer for a radius: the larger of 20 m and 10 % of the radius (metres).
    public static func defaultExitBufferMeters(radiusMeters: Double) -> Double {
        max(20, radiusMeters / 10)
    }

    /// Whether dwell, buffer, one-shot and window all have their defaults (the monitor then stores nothing extra).
    var hasDefaultOptions: Bool {
        dwellSeconds == 0 && !isOneShot && window.isAlways
            && exitBufferMeters == Self.defaultExitBufferMeters(radiusMeters: radiusMeters)
    }
}
