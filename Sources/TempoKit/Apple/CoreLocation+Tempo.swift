#if canImport(CoreLocation)
import CoreLocation

// Conversions from CoreLocation, so an app feeds its own location updates in one line:
// `try await monitor.process(LocationFix(location), now: .now)`. Compiled on Apple platforms only.

extension Coordinate {
    /// The same latitude and longitude, in degrees (WGS84).
    public init(_ coordinate: CLLocationCoordinate2D) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}

extension LocationFix {
    /// A fix from a CoreLocation update. CoreLocation marks unknown values with a negative
    /// accuracy, speed or course; those become `nil` here.
    public init(_ location: CLLocation) {
        let vertical = location.verticalAccuracy >= 0
        self.init(
            time: location.timestamp,
            coordinate: Coordinate(location.coordinate),
            altitudeMeters: vertical ? location.altitude : nil,
            horizontalAccuracyMeters: location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil,
            verticalAccuracyMeters: vertical ? location.verticalAccuracy : nil,
            speedMetersPerSecond: location.speed >= 0 ? location.speed : nil,
            courseDegrees: location.course >= 0 ? location.course : nil
        )
    }
}

extension CircularCondition {
    /// The condition for a CoreLocation circular region (centre and radius in metres).
    ///
    /// - Throws: `PlaceError` for a centre or radius the monitor cannot use.
    public init(_ region: CLCircularRegion) throws(PlaceError) {
        try self.init(center: Coordinate(region.center), radiusMeters: region.radius)
    }

    #if !os(tvOS)
    /// The condition for a `CLMonitor` circular condition (centre and radius in metres).
    ///
    /// - Throws: `PlaceError` for a centre or radius the monitor cannot use.
    @available(iOS 17, macOS 14, watchOS 10, *)
    public init(_ condition: CLMonitor.CircularGeographicCondition) throws(PlaceError) {
        try self.init(center: Coordinate(condition.center), radiusMeters: condition.radius)
    }
    #endif
}
#endif
