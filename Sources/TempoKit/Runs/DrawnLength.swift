import Foundation

/// The geodesic length of a track as drawn: from each valid fix to the next, each segment on its
/// own, nothing filtered (`RunSummary.unfilteredDistanceMeters`).
///
/// It needs nothing a recorder decides, so a reader can measure it on its own thread while the
/// recorder takes the fixes on another (`RunReplay.measuresUnfilteredDistance`).
public struct DrawnLength: Sendable {
    /// Metres so far.
    public private(set) var meters = 0.0
    /// Geodesics from one valid fix of the segment to the next, each fix's latitude terms computed once.
    private var walk = GeodesicWalk()

    public init() {}

    /// Adds the way from the segment's last valid fix to `fix` (nothing for an invalid one).
    public mutating func add(_ fix: LocationFix) {
        if fix.coordinate.isValid { meters += walk.step(to: fix.coordinate) ?? 0 }
    }

    /// Ends the segment: the next fix starts the next one.
    public mutating func endSegment() {
        walk.restart()
    }
}
