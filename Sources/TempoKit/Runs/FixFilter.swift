import Foundation

/// Decides which fixes count, and counts every one it drops by reason.
///
/// Pure: it compares each fix with the last one it accepted. Speed is checked only between
/// fixes of the same segment (`startSegment()`), since a segment break may hide a long gap.
public struct FixFilter: Sendable, Hashable {
    /// The limits applied.
    public var settings: RunSettings
    /// How many fixes were dropped, by reason (only reasons that dropped at least one).
    public var dropped: [FixDropReason: Int] {
        var result: [FixDropReason: Int] = [:]
        for (index, reason) in FixDropReason.allCases.enumerated() where droppedCounts[index] > 0 {
            result[reason] = droppedCounts[index]
        }
        return result
    }
    /// The counts behind `dropped`, in `FixDropReason.allCases` order: counting a drop is an
    /// array increment, not a dictionary update hashing the reason's name.
    private var droppedCounts = [Int](repeating: 0, count: FixDropReason.allCases.count)
    // The last accepted fix, only what the speed check reads (a whole `LocationFix` is ~144 bytes to copy per fix).
    private var lastAcceptedCoordinate = Coordinate(latitude: 0, longitude: 0)
    private var lastAcceptedTime: Date?
    private var lastAcceptedAccuracy: Double?
    /// The latest time of any accepted fix.
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
        count(reason, times: 1)
    }

    /// Counts `times` fixes dropped for a reason decided elsewhere.
    mutating func count(_ reason: FixDropReason, times: Int) {
        droppedCounts[reason.countIndex] += times
    }

    /// Why `fix` would be dropped, or `nil` if it is accepted; an accepted fix becomes the new reference.
    public mutating func check(_ fix: LocationFix) -> FixDropReason? {
        let reason = rejection(of: fix)
        if let reason {
            droppedCounts[reason.countIndex] += 1
        } else {
            lastAcceptedCoordinate = fix.coordinate
            lastAcceptedTime = fix.time
            lastAcceptedAccuracy = fix.horizontalAccuracyMeters
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
        // `sameSegment` is only ever set by an accepted fix, so the last accepted one exists.
        if sameSegment, let time = fix.time, let previousTime = lastAcceptedTime {
            let seconds = time.timeIntervalSince(previousTime)
            let allowance = (fix.horizontalAccuracyMeters ?? 0) + (lastAcceptedAccuracy ?? 0)
            // A flat approximation is plenty for a limit this coarse (and far cheaper than a geodesic).
            // Its bound without the cosine is never smaller, so when the bound is within the limit
            // so is the distance, and the cosine is only needed for a fast step (same decision).
            let limit = settings.maxSpeedMetersPerSecond * seconds
            if RunRecorder.roughDistanceBound(lastAcceptedCoordinate, fix.coordinate) - allowance > limit,
               RunRecorder.roughDistance(lastAcceptedCoordinate, fix.coordinate) - allowance > limit {
                return .impossibleSpeed
            }
        }
        return nil
    }
}
