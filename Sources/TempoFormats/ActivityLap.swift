import Foundation

/// One lap as the device recorded it. All values are the device's own; `nil` when absent.
public struct ActivityLap: Sendable, Hashable, Codable {
    /// When the lap started (UTC).
    public var startTime: Date?
    /// Wall-clock length of the lap, seconds (FIT `total_elapsed_time`; TCX gives only timer time).
    public var elapsedSeconds: Double?
    /// Lap time without pauses, seconds (FIT `total_timer_time`, TCX `TotalTimeSeconds`).
    public var timerSeconds: Double?
    /// Distance the device measured for the lap, metres.
    public var distanceMeters: Double?

    public init(startTime: Date? = nil, elapsedSeconds: Double? = nil, timerSeconds: Double? = nil, distanceMeters: Double? = nil) {
        self.startTime = startTime
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
        self.distanceMeters = distanceMeters
    }
}
