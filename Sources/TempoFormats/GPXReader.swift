import Foundation
import TempoKit

/// Streams a GPX file's fixes and boundaries.
public enum GPXReader {
    /// Streams the file at `url` to `visit`, in file order.
    public static func stream(_ url: URL, _ visit: (ActivityElement) -> Void) throws(FormatError) {
        throw FormatError(file: url.path, reason: "GPX reading is not implemented yet")
    }
}
