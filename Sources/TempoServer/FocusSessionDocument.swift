import Foundation
import TempoKit

/// A focus session as the API shows it (and as the change feed carries it).
struct FocusSessionDocument: Codable, Sendable, Equatable {
    struct Segment: Codable, Sendable, Equatable {
        let start: Date
        let end: Date?

        init(start: Date, end: Date?) {
            self.start = start
            self.end = end
        }

        /// Strictly `start` and `end` (a request's stretches are checked as its top level is).
        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(allowing: ["start", "end"])
            start = try container.decode(Date.self, forKey: JSONKey(stringValue: "start"))
            end = try container.decodeIfPresent(Date.self, forKey: JSONKey(stringValue: "end"))
        }
    }

    let id: String
    let start: Date
    let end: Date?
    /// The first tag, for clients that know one tag only (omitted when there is none).
    let tag: String?
    /// Every tag, in order.
    let tags: [String]?
    /// The focused stretches: one, or several when it was paused or an overlap was trimmed away;
    /// the last one open while it runs.
    let segments: [Segment]

    init(_ session: FocusSession) {
        id = session.id.uuidString.lowercased()
        start = session.startedAt ?? .distantPast
        end = session.stoppedAt
        tag = session.tag
        tags = session.tags
        segments = session.stopwatch.segments.map { Segment(start: $0.start, end: $0.end) }
    }

    /// The session this document describes.
    func session() throws -> FocusSession {
        guard let uuid = UUID(uuidString: id) else { throw APIError.badRequest("not a session id: \(id)") }
        let stopwatch = try Stopwatch(segments: segments.map { Stopwatch.Segment(start: $0.start, end: $0.end) }, stoppedAt: end)
        // Documents stored before tags were a list have `tag` only.
        return FocusSession(id: uuid, tags: tags ?? (tag.map { [$0] } ?? []), stopwatch: stopwatch)
    }
}
