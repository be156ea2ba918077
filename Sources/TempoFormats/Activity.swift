import Foundation
import TempoKit

/// Everything a recorded activity file holds that Tempo uses: fixes by segment, the device's
/// laps and summary, and descriptive fields.
///
/// Segments (GPX `<trkseg>`/`<trk>`, TCX tracks, FIT stretches between a timer stop and the
/// next start) are kept apart and are never joined; empty segments are dropped. Every value
/// the device computed itself (`laps`, `deviceSummary`) is reported as recorded, never recomputed.
public struct Activity: Sendable, Hashable {
    /// Fixes in file order, one array per segment; no segment is empty.
    public var segments: [[LocationFix]]
    /// Laps as the device recorded them (TCX `<Lap>`, FIT lap messages); empty when the file has none.
    public var laps: [ActivityLap]
    /// The sport the file names ("Running", "running", a GPX track `<type>`; for FIT the first
    /// session's), if any.
    public var sport: String?
    /// The sessions, each with its sport and start (FIT session messages, TCX multisport parts),
    /// in file order; a file whose sport changes has more than one. Empty when the file has none.
    public var sessions: [ActivitySession]
    /// The activity's or first track's name, if any.
    public var name: String?
    /// The device's own totals (FIT session messages, summed over a multisport file's sessions), if the file has them.
    public var deviceSummary: DeviceSummary?
    /// Named points outside the track (GPX `<wpt>`); never part of a segment.
    public var waypoints: [Waypoint]

    public init(
        segments: [[LocationFix]] = [],
        laps: [ActivityLap] = [],
        sport: String? = nil,
        sessions: [ActivitySession] = [],
        name: String? = nil,
        deviceSummary: DeviceSummary? = nil,
        waypoints: [Waypoint] = []
    ) {
        self.segments = segments
        self.laps = laps
        self.sport = sport
        self.sessions = sessions
        self.name = name
        self.deviceSummary = deviceSummary
        self.waypoints = waypoints
    }

    /// The number of fixes over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// All fixes in file order, segment after segment (for display; do not measure across segments).
    public var allFixes: [LocationFix] { segments.flatMap { $0 } }
}
