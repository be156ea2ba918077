import Foundation

/// The geodesic length of a track as drawn: every valid fix, segment by segment, nothing filtered
/// or smoothed (what `RunSummary.unfilteredDistanceMeters` reports), in metres.
///
/// Fed fix by fix in file order; it needs nothing the recorder decides, so a file reader may
/// measure the track while another thread records it.
public struct TrackLength: Sendable {
    /// The length so far, metres.
    public private(set) var meters = 0.0
    /// Geodesics from one valid fix of the segment to the next, each fix's latitude terms computed once.
    private var walk = GeodesicWalk()

    /// A track with no fix yet.
    public init() {}

    /// Adds the next fix of the current segment (an invalid coordinate is skipped).
    public mutating func add(_ coordinate: Coordinate) {
        if coordinate.isValid { meters += walk.step(to: coordinate) ?? 0 }
    }

    /// Ends the current segment: the next fix starts a new one (segments are never joined).
    public mutating func endSegment() {
        walk.restart()
    }
}
