import Foundation

/// One position report from a GPS receiver or a recorded file.
///
/// Optional fields are `nil` when the source does not give them. Units are in the names'
/// documentation: metres, metres per second, degrees, beats and steps per minute, watts, °C.
public struct LocationFix: Sendable, Hashable, Codable {
    /// When the fix was taken (wall clock, UTC); `nil` for files without times.
    public var time: Date?
    public var coordinate: Coordinate
    /// Metres above the WGS84 ellipsoid or mean sea level, as the source gives it.
    public var altitudeMeters: Double?
    /// Radius of 68 % confidence, metres.
    public var horizontalAccuracyMeters: Double?
    /// Metres.
    public var verticalAccuracyMeters: Double?
    /// Ground speed, metres per second.
    public var speedMetersPerSecond: Double?
    /// Course over ground, degrees clockwise from true north.
    public var courseDegrees: Double?
    /// Beats per minute.
    public var heartRateBPM: Double?
    /// Steps (or revolutions) per minute.
    public var cadencePerMinute: Double?
    /// Power, watts.
    public var powerWatts: Double?
    /// Air temperature the device measured, degrees Celsius.
    public var temperatureCelsius: Double?

    public init(
        time: Date?,
        coordinate: Coordinate,
        altitudeMeters: Double? = nil,
        horizontalAccuracyMeters: Double? = nil,
        verticalAccuracyMeters: Double? = nil,
        speedMetersPerSecond: Double? = nil,
        courseDegrees: Double? = nil,
        heartRateBPM: Double? = nil,
        cadencePerMinute: Double? = nil,
        powerWatts: Double? = nil,
        temperatureCelsius: Double? = nil
    ) {
        self.time = time
        self.coordinate = coordinate
        self.altitudeMeters = altitudeMeters
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.verticalAccuracyMeters = verticalAccuracyMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.courseDegrees = courseDegrees
        self.heartRateBPM = heartRateBPM
        self.cadencePerMinute = cadencePerMinute
        self.powerWatts = powerWatts
        self.temperatureCelsius = temperatureCelsius
    }

    /// Shorthand for `coordinate.latitude`.
    public var latitude: Double { coordinate.latitude }
    /// Shorthand for `coordinate.longitude`.
    public var longitude: Double { coordinate.longitude }
}
