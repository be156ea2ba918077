import Foundation

/// One position report from a GPS receiver or a recorded file.
///
/// Optional fields are `nil` when the source does not give them. Units are in the names'
/// documentation: metres, metres per second, degrees, beats and steps per minute, watts, °C.
///
/// Each optional is stored as a plain `Double` with NaN for `nil` (a NaN given is `nil`): a fix is
/// 104 bytes instead of 192, and files, recorders and monitors copy fixes by the million.
public struct LocationFix: Sendable, Hashable, Codable {
    /// When the fix was taken (wall clock, UTC); `nil` for files without times.
    public var time: Date? {
        get { storedTime.isNaN ? nil : Date(timeIntervalSinceReferenceDate: storedTime) }
        set { storedTime = newValue?.timeIntervalSinceReferenceDate ?? .nan }
    }
    public var coordinate: Coordinate
    /// Metres above the WGS84 ellipsoid or mean sea level, as the source gives it.
    public var altitudeMeters: Double? {
        get { storedAltitudeMeters.isNaN ? nil : storedAltitudeMeters }
        set { storedAltitudeMeters = newValue ?? .nan }
    }
    /// Radius of 68 % confidence, metres.
    public var horizontalAccuracyMeters: Double? {
        get { storedHorizontalAccuracyMeters.isNaN ? nil : storedHorizontalAccuracyMeters }
        set { storedHorizontalAccuracyMeters = newValue ?? .nan }
    }
    /// Metres.
    public var verticalAccuracyMeters: Double? {
        get { storedVerticalAccuracyMeters.isNaN ? nil : storedVerticalAccuracyMeters }
        set { storedVerticalAccuracyMeters = newValue ?? .nan }
    }
    /// Ground speed, metres per second.
    public var speedMetersPerSecond: Double? {
        get { storedSpeedMetersPerSecond.isNaN ? nil : storedSpeedMetersPerSecond }
        set { storedSpeedMetersPerSecond = newValue ?? .nan }
    }
    /// Course over ground, degrees clockwise from true north.
    public var courseDegrees: Double? {
        get { storedCourseDegrees.isNaN ? nil : storedCourseDegrees }
        set { storedCourseDegrees = newValue ?? .nan }
    }
    /// Beats per minute.
    public var heartRateBPM: Double? {
        get { storedHeartRateBPM.isNaN ? nil : storedHeartRateBPM }
        set { storedHeartRateBPM = newValue ?? .nan }
    }
    /// Steps (or revolutions) per minute.
    public var cadencePerMinute: Double? {
        get { storedCadencePerMinute.isNaN ? nil : storedCadencePerMinute }
        set { storedCadencePerMinute = newValue ?? .nan }
    }
    /// Power, watts.
    public var powerWatts: Double? {
        get { storedPowerWatts.isNaN ? nil : storedPowerWatts }
        set { storedPowerWatts = newValue ?? .nan }
    }
    /// Air temperature the device measured, degrees Celsius.
    public var temperatureCelsius: Double? {
        get { storedTemperatureCelsius.isNaN ? nil : storedTemperatureCelsius }
        set { storedTemperatureCelsius = newValue ?? .nan }
    }

    /// The distance the device itself counted from its start to this fix (its odometer: the FIT
    /// record's `distance`, TCX's `DistanceMeters`), metres. Where fixes are missing for a while
    /// (a tunnel, a receiver that lost the sky), it is the only evidence of the way taken.
    public var deviceDistanceMeters: Double? {
        get { storedDeviceDistanceMeters.isNaN ? nil : storedDeviceDistanceMeters }
        set { storedDeviceDistanceMeters = newValue ?? .nan }
    }

    /// The time (seconds since the reference date) and the four sensor readings as stored, NaN
    /// for `nil`: what `SensorLog` keeps of every fix, without going through the optionals.
    var timeAndSensors: (time: Double, heartRate: Double, cadence: Double, power: Double, temperature: Double) {
        (storedTime, storedHeartRateBPM, storedCadencePerMinute, storedPowerWatts, storedTemperatureCelsius)
    }

    /// The optionals, NaN for `nil`.
    private var storedTime: Double
    private var storedAltitudeMeters: Double
    private var storedHorizontalAccuracyMeters: Double
    private var storedVerticalAccuracyMeters: Double
    private var storedSpeedMetersPerSecond: Double
    private var storedCourseDegrees: Double
    private var storedHeartRateBPM: Double
    private var storedCadencePerMinute: Double
    private var storedPowerWatts: Double
    private var storedTemperatureCelsius: Double
    private var storedDeviceDistanceMeters: Double

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
        temperatureCelsius: Double? = nil,
        deviceDistanceMeters: Double? = nil
    ) {
        storedTime = time?.timeIntervalSinceReferenceDate ?? .nan
        self.coordinate = coordinate
        storedAltitudeMeters = altitudeMeters ?? .nan
        storedHorizontalAccuracyMeters = horizontalAccuracyMeters ?? .nan
        storedVerticalAccuracyMeters = verticalAccuracyMeters ?? .nan
        storedSpeedMetersPerSecond = speedMetersPerSecond ?? .nan
        storedCourseDegrees = courseDegrees ?? .nan
        storedHeartRateBPM = heartRateBPM ?? .nan
        storedCadencePerMinute = cadencePerMinute ?? .nan
        storedPowerWatts = powerWatts ?? .nan
        storedTemperatureCelsius = temperatureCelsius ?? .nan
        storedDeviceDistanceMeters = deviceDistanceMeters ?? .nan
    }

    /// Shorthand for `coordinate.latitude`.
    public var latitude: Double { coordinate.latitude }
    /// Shorthand for `coordinate.longitude`.
    public var longitude: Double { coordinate.longitude }

    // MARK: - Hashable and Codable on the optionals, as the compiler writes them for stored optionals

    public static func == (lhs: LocationFix, rhs: LocationFix) -> Bool {
        lhs.time == rhs.time && lhs.coordinate == rhs.coordinate
            && lhs.altitudeMeters == rhs.altitudeMeters
            && lhs.horizontalAccuracyMeters == rhs.horizontalAccuracyMeters
            && lhs.verticalAccuracyMeters == rhs.verticalAccuracyMeters
            && lhs.speedMetersPerSecond == rhs.speedMetersPerSecond
            && lhs.courseDegrees == rhs.courseDegrees
            && lhs.heartRateBPM == rhs.heartRateBPM
            && lhs.cadencePerMinute == rhs.cadencePerMinute
            && lhs.powerWatts == rhs.powerWatts
            && lhs.temperatureCelsius == rhs.temperatureCelsius
            && lhs.deviceDistanceMeters == rhs.deviceDistanceMeters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(coordinate)
        hasher.combine(altitudeMeters)
        hasher.combine(horizontalAccuracyMeters)
        hasher.combine(verticalAccuracyMeters)
        hasher.combine(speedMetersPerSecond)
        hasher.combine(courseDegrees)
        hasher.combine(heartRateBPM)
        hasher.combine(cadencePerMinute)
        hasher.combine(powerWatts)
        hasher.combine(temperatureCelsius)
        hasher.combine(deviceDistanceMeters)
    }

    private enum CodingKeys: String, CodingKey {
        case time, coordinate, altitudeMeters, horizontalAccuracyMeters, verticalAccuracyMeters, speedMetersPerSecond
        case courseDegrees, heartRateBPM, cadencePerMinute, powerWatts, temperatureCelsius, deviceDistanceMeters
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            time: try container.decodeIfPresent(Date.self, forKey: .time),
            coordinate: try container.decode(Coordinate.self, forKey: .coordinate),
            altitudeMeters: try container.decodeIfPresent(Double.self, forKey: .altitudeMeters),
            horizontalAccuracyMeters: try container.decodeIfPresent(Double.self, forKey: .horizontalAccuracyMeters),
            verticalAccuracyMeters: try container.decodeIfPresent(Double.self, forKey: .verticalAccuracyMeters),
            speedMetersPerSecond: try container.decodeIfPresent(Double.self, forKey: .speedMetersPerSecond),
            courseDegrees: try container.decodeIfPresent(Double.self, forKey: .courseDegrees),
            heartRateBPM: try container.decodeIfPresent(Double.self, forKey: .heartRateBPM),
            cadencePerMinute: try container.decodeIfPresent(Double.self, forKey: .cadencePerMinute),
            powerWatts: try container.decodeIfPresent(Double.self, forKey: .powerWatts),
            temperatureCelsius: try container.decodeIfPresent(Double.self, forKey: .temperatureCelsius),
            deviceDistanceMeters: try container.decodeIfPresent(Double.self, forKey: .deviceDistanceMeters))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encode(coordinate, forKey: .coordinate)
        try container.encodeIfPresent(altitudeMeters, forKey: .altitudeMeters)
        try container.encodeIfPresent(horizontalAccuracyMeters, forKey: .horizontalAccuracyMeters)
        try container.encodeIfPresent(verticalAccuracyMeters, forKey: .verticalAccuracyMeters)
        try container.encodeIfPresent(speedMetersPerSecond, forKey: .speedMetersPerSecond)
        try container.encodeIfPresent(courseDegrees, forKey: .courseDegrees)
        try container.encodeIfPresent(heartRateBPM, forKey: .heartRateBPM)
        try container.encodeIfPresent(cadencePerMinute, forKey: .cadencePerMinute)
        try container.encodeIfPresent(powerWatts, forKey: .powerWatts)
        try container.encodeIfPresent(temperatureCelsius, forKey: .temperatureCelsius)
        try container.encodeIfPresent(deviceDistanceMeters, forKey: .deviceDistanceMeters)
    }
}
