import Foundation

/// The focus settings the server keeps (`PUT /v1/focus/settings`): zone, day start and goal.
/// Growth thresholds stay on each device.
public struct SyncedFocusSettings: Codable, Sendable, Equatable {
    /// The IANA time zone.
    public let tz: String
    /// `HH:MM` at which each day starts.
    public let dayStart: String
    /// The daily goal in seconds (nil: none).
    public let goalS: Double?

    enum CodingKeys: String, CodingKey {
        case tz, dayStart = "day_start", goalS = "goal_s"
    }

    /// Settings as the server spells them.
    public init(tz: String, dayStart: String, goalS: Double?) {
        self.tz = tz
        self.dayStart = dayStart
        self.goalS = goalS
    }
}
