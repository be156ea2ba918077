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
        let result: Result<Void, FormatError> = withoutActuallyEscaping(visit) { escapable in
            var parser = GPXParser(includeRoutes: includeRoutes, visit: escapable)
            do throws(FormatError) {
                try XMLScanner.scan(url, into: &parser)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}
