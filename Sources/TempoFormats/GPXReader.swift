import Foundation
import TempoKit

/// Streams GPX 1.0 and 1.1 files: track points by segment, waypoints, names and track type.
///
/// Every `<trkseg>` is a segment, and a new `<trk>` always starts a new one (tracks are never
/// joined). Points take optional `<ele>`, `<time>`, GPX 1.0 `<speed>`/`<course>`, and Garmin
/// TrackPointExtension `hr`/`cad` (any namespace prefix). Routes (`<rte>`) are read as segments
/// only when `includeRoutes` is set, since a route is a plan, not a recording.
public enum GPXReader {
    /// Streams the file at `url` to `visit`, in file order.
    public static func stream(
        _ url: URL, includeRoutes: Bool = false, _ visit: (ActivityElement) -> Void
    ) throws(FormatError) {
        try XMLScanner.stream(url, visit) { GPXParser(includeRoutes: includeRoutes, visit: $0) }
    }
}
