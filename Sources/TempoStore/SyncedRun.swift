import Foundation
import TempoKit

/// A run as sync carries it: the declaration of `PUT /v1/runs/{id}` (sport, name) and the
/// timed fixes of `POST`/`GET /v1/runs/{id}/fixes`. The server keeps a run as one track of
/// timed fixes in time order, so that is what a device pushes and what it stores when it pulls.
public struct SyncedRun: Sendable, Equatable {
    /// One fix as the server's API carries it.
    public struct Fix: Codable, Sendable, Equatable {
        /// When it was taken (nil only in a file uploaded without times; such fixes are not pushed).
        public let time: Date?
        /// Latitude, degrees.
        public let lat: Double
        /// Longitude, degrees.
        public let lon: Double
        /// Elevation, metres.
        public let ele: Double?
        /// Horizontal accuracy, metres.
        public let accuracyM: Double?
        /// Speed the receiver reported, metres per second.
        public let speedMS: Double?

        enum CodingKeys: String, CodingKey {
            case time, lat, lon, ele
            case accuracyM = "accuracy_m"
            case speedMS = "speed_m_s"
        }

        /// The API's form of a stored fix.
        public init(_ fix: LocationFix) {
            time = fix.time
            lat = fix.latitude
            lon = fix.longitude
            ele = fix.altitudeMeters
            accuracyM = fix.horizontalAccuracyMeters
            speedMS = fix.speedMetersPerSecond
        }

        /// The fix as the store and the recorder take it.
        var locationFix: LocationFix {
            LocationFix(time: time, coordinate: Coordinate(latitude: lat, longitude: lon), altitudeMeters: ele,
                        horizontalAccuracyMeters: accuracyM, speedMetersPerSecond: speedMS)
        }
    }

    /// The run's UUID, lowercase.
    public let id: String
    /// The sport as the server names it (`Sport`'s raw value; nil: inferred from the speeds).
    public let sport: String?
    /// The name the source gave.
    public let name: String?
    /// The fixes, in time order for a push.
    public let fixes: [Fix]

    /// A run with its fixes.
    public init(id: String, sport: String?, name: String?, fixes: [Fix]) {
        self.id = id.lowercased()
        self.sport = sport
        self.name = name
        self.fixes = fixes
    }

    /// This run with `fixes` (the ones pulled for it).
    public func with(fixes: [Fix]) -> SyncedRun {
        SyncedRun(id: id, sport: sport, name: name, fixes: fixes)
    }

    /// What the acknowledgement's digest covers: the declaration and how many fixes the server was given.
    struct Acknowledged: Encodable {
        let id: String
        let sport: String?
        let name: String?
        let points: Int
    }
}
