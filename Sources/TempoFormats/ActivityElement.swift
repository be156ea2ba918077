import TempoKit

/// One piece of an activity file, in file order, as the streaming readers report it.
///
/// A reader calls its visitor with `.fix` for each fix and `.endSegment` where a segment ends
/// (a new `<trkseg>`, a FIT timer stop); the visitor keeps only what it needs, so memory does
/// not grow with the file. `.endSegment` may come twice in a row or before any fix; treat it as
/// "the next fix starts a new segment".
public enum ActivityElement: Sendable, Hashable {
    /// A track fix in the current segment.
    case fix(LocationFix)
    /// The current segment ends; the next fix (if any) begins a new one.
    case endSegment
    /// A lap recorded by the device (reported when the lap's record is complete).
    case lap(ActivityLap)
    /// A waypoint outside the track.
    case waypoint(Waypoint)
    /// The sport the file names for the whole activity (GPX `<type>`, TCX `Sport`).
    case sport(String)
    /// A session begins: its sport holds from its start time on. Reported where the file has it,
    /// which for FIT is usually after the records it covers (so a reader of the fixes needs a first pass).
    case session(ActivitySession)
    /// The activity's or a track's name.
    case name(String)
    /// The device's totals for the activity, or for one session of a multisport file (one each).
    case deviceSummary(DeviceSummary)
}
