import Foundation

/// Decides which fixes count, and counts every one it drops by reason.
///
/// Pure: it compares each fix with the last one it accepted. Speed is checked only between
/// fixes of the same segment (`startSegment()`), since a segment break may hide a long gap.
public struct FixFilter: Sendable, Hashable {
    /// The limits applied.
    public var settings: RunSettings
    /// How many fixes were dropped, by reason.
    public private(set) var dropped: [FixDropReason: Int] = [:]
    private var lastAccepted: LocationFix?
    private var lastTime: Date?
    private var sameSegment = false

    /// A filter with the given limits.
    public init(settings: RunSettings = RunSettings()) {
        self.settings = settings
    }

    /// Marks that the next fix starts a new segment (no speed check against the previous one).
    public mutating func startSegment() {
        sameSegment = false
    }

    /// Counts a fix dropped for a reason decided elsewhere (e.g. the run was paused).
    public mutating func count(_ reason: FixDropReason) {
        dropped[reason, default: 0] += 1
    }

    /// Why `fix` would be dropped, or `nil` if it is accepted; an accepted fix becomes the new reference.
    public mutating func check(_ fix: LocationFix) -> FixDropReason? {
        let reason = rejection(of: fix)
        if let reason {
            dropped[reason, default: 0] += 1
        } else {
            lastAccepted = fix
            if let time = fix.time { lastTime = time }
            sameSegment = true
        }
        return reason
    }

    private func rejection(of fix: LocationFix) -> FixDropReason? {
        guard fix.coordinate.isValid else { return .invalidCoordinate }
        if let accuracy = fix.horizontalAccuracyMeters, !(accuracy <= settings.maxHorizontalAccuracyMeters) {
            return .poorAccuracy
        }
        if let time = fix.time, let lastTime {
            if time == lastTime { return .duplicateTime }
            if time < lastTime { return .timeWentBackwards }
        }
        if sameSegment, let previous = lastAccepted, let time = fix.time, let previousTime = previous.time {
            let seconds = time.timeIntervalSince(previousTime)
            let allowance = (fix.horizontalAccuracyMeters ?? 0) + (previous.horizontalAccuracyMeters ?? 0)
            // A flat approximation is plenty for a limit this coarse (and far cheaper than a geodesic).
            let meters = RunRecorder.roughDistance(previous.coordinate, fix.coordinate) - allowance
            if meters > settings.maxSpeedMetersPerSecond * seconds { return .impossibleSpeed }
        }
        return nil
    }
}
