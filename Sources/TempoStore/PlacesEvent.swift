import Foundation
import TempoKit

/// One monitor event as the places commands report it: the change, the place, the badge it earned.
///
/// Its `Encodable` form (keys below) is the `--json` line of `places watch` and `run record --places`.
public struct PlacesEvent: Sendable, Equatable, Encodable {
    /// The place's name (the monitor's condition identifier).
    public let identifier: String
    /// `satisfied` (entered) or `unsatisfied` (left).
    public let state: ConditionState
    /// When: the fix's time (UTC).
    public let time: Date
    /// The fix's latitude, degrees.
    public let latitude: Double
    /// The fix's longitude, degrees.
    public let longitude: Double
    /// The fix's accuracy, metres, if it gave one.
    public let accuracyMeters: Double?
    /// `spot` or `landmark`.
    public let kind: String
    /// A landmark's spot.
    public let spot: String?
    /// The badge this event earned (only the first time ever).
    public let badgeAwarded: String?

    /// An event as ``PlacesSession`` reports it.
    public init(
        identifier: String, state: ConditionState, time: Date, latitude: Double, longitude: Double,
        accuracyMeters: Double?, kind: String, spot: String?, badgeAwarded: String?
    ) {
        self.identifier = identifier
        self.state = state
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.accuracyMeters = accuracyMeters
        self.kind = kind
        self.spot = spot
        self.badgeAwarded = badgeAwarded
    }

    enum CodingKeys: String, CodingKey {
        case identifier, state, time, latitude, longitude, kind, spot
        case accuracyMeters = "accuracy_m", badgeAwarded = "badge_awarded"
    }
}
