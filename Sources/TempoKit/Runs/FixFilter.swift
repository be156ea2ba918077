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
        return nil
    }
}
