import Foundation
import TempoKit

/// Streams Garmin Training Center (TCX) activity files: trackpoints, laps and the sport.
///
/// Segments: Garmin ends a `<Track>` at every lap boundary while recording goes on, so the
/// first track of a new lap continues the segment; a second `<Track>` inside the same lap
/// means the recording was paused, and starts a new segment. Each `<Activity>` ends a segment.
/// Trackpoints without a `<Position>` (pauses, sensor-only samples) are skipped.
/// Laps carry `StartTime`, `TotalTimeSeconds` (timer time) and `DistanceMeters` as recorded.
/// Each `<Activity>` is a session from its first lap's start, in its `Sport`, and each
/// multisport `<Transition>` one in `transition`, so a multisport file's sport changes are known.
public enum TCXReader {
    /// Streams the file at `url` to `visit`, in file order.
    public static func stream(_ url: URL, _ visit: (ActivityElement) -> Void) throws(FormatError) {
        try XMLScanner.stream(url, visit) { TCXParser(visit: $0) }
    }
}
