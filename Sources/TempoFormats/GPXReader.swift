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
        try stream(url, includeRoutes: includeRoutes, engine: .fast, visit)
    }

    /// Streams with a chosen implementation (tests compare the two).
    static func stream(
        _ url: URL, includeRoutes: Bool = false, engine: GPXEngine, _ visit: (ActivityElement) -> Void
    ) throws(FormatError) {
        if engine == .fast, try streamFast(url, includeRoutes: includeRoutes, visit) { return }
        let result: Result<Void, FormatError> = withoutActuallyEscaping(visit) { escapable in
            do throws(FormatError) {
                let parser = GPXParser(file: url.path, includeRoutes: includeRoutes, visit: escapable)
                try parser.run(url)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Runs `GPXFastScanner`; false (before reporting anything) when the document needs the general path.
    private static func streamFast(
        _ url: URL, includeRoutes: Bool, _ visit: (ActivityElement) -> Void
    ) throws(FormatError) -> Bool {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw FormatError(file: url.path, reason: "cannot open: \(ActivityFile.describe(error))")
        }
        defer { try? handle.close() }
        var scanner = GPXFastScanner(descriptor: handle.fileDescriptor, file: url.path, includeRoutes: includeRoutes)
        defer { scanner.deallocate() }
        do {
            try scanner.run(visit)
        } catch let error as XMLScanner.SyntaxError {
            throw FormatError(file: url.path, location: scanner.location(of: error.position), reason: "malformed XML: \(error.reason)")
        } catch is XMLScanner.NeedsFullParser {
            return false
        } catch let error as GPXFastScanner.ReadError {
            throw FormatError(file: url.path, reason: "read failed: \(String(cString: strerror(error.code)))")
        } catch {
            throw FormatError(file: url.path, reason: "read failed: \(ActivityFile.describe(error))")
        }
        if let failure = scanner.failure { throw failure }
        return true
    }
}
