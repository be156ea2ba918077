/// Why the fix filter refused a fix. Raw values are the JSON keys of `dropped`.
public enum FixDropReason: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Latitude or longitude not finite, out of range, or 0,0.
    case invalidCoordinate = "invalid_coordinate"
    /// Horizontal accuracy worse than the limit.
    case poorAccuracy = "poor_accuracy"
    /// Same timestamp as the previous accepted fix.
    case duplicateTime = "duplicate_time"
    /// Timestamp earlier than the previous accepted fix.
    case timeWentBackwards = "time_went_backwards"
    /// Reaching it from the previous fix needs a speed impossible for the sport.
    case impossibleSpeed = "impossible_speed"
    /// Taken while the runner stood still (GPS jitter around one spot).
    case stationary
    /// Arrived while the run was paused (or before it started / after it stopped).
    case notRecording = "not_recording"
    /// Far from where the track was heading, beyond what the noise and any real acceleration explain.
    case outlier

    /// Position in `allCases` (where `FixFilter` keeps its count).
    var countIndex: Int {
        switch self {
        case .invalidCoordinate: 0
        case .poorAccuracy: 1
        case .duplicateTime: 2
        case .timeWentBackwards: 3
        case .impossibleSpeed: 4
        case .stationary: 5
        case .notRecording: 6
        case .outlier: 7
        }
    }

    /// Alphabetical by JSON key, for stable output.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
