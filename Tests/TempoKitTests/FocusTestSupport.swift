import Foundation
import TempoKit

/// Helpers shared by the focus tests.
enum FocusTestSupport {
    /// An instant from ISO 8601 text with an offset (tests only).
    static func instant(_ text: String) -> Date {
        guard let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) else {
            fatalError("bad test instant \(text)")
        }
        return date
    }

    /// A stopped session over the given `[start, end)` segments.
    static func session(_ segments: [(String, String)], tag: String? = nil) throws -> FocusSession {
        let parts = segments.map { Stopwatch.Segment(start: instant($0.0), end: instant($0.1)) }
        return FocusSession(tag: tag, stopwatch: try Stopwatch(segments: parts, stoppedAt: parts.last?.end))
    }

    static func date(_ text: String) throws -> LocalDate { try LocalDate(parsing: text) }
}
