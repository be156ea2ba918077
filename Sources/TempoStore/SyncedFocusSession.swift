import Foundation
import TempoKit

/// A stopped focus session as the server's API carries it (`PUT /v1/focus/sessions/{id}`, the
/// change feed): what a device pushes and pulls, and whose digest says whether it changed since
/// the server acknowledged it.
public struct SyncedFocusSession: Codable, Sendable, Equatable {
    /// One focused stretch.
    public struct Segment: Codable, Sendable, Equatable {
        /// When the stretch began.
        public let start: Date
        /// When it ended (nil only in a running session, which is never pushed).
        public let end: Date?

        /// A stretch.
        public init(start: Date, end: Date?) {
            self.start = start
            self.end = end
        }
    }

    /// The session's UUID, lowercase.
    public let id: String
    /// Its first instant.
    public let start: Date
    /// When it stopped (nil while it runs).
    public let end: Date?
    /// Its first tag (what servers before tag lists carry).
    public let tag: String?
    /// Every tag (nil from a server before tag lists).
    public let tags: [String]?
    /// The focused stretches: one, or several when it was paused or trimmed.
    public let segments: [Segment]

    /// The document of `session`.
    public init(_ session: FocusSession) {
        id = session.id.uuidString.lowercased()
        start = session.startedAt ?? .distantPast
        end = session.stoppedAt
        tag = session.tag
        tags = session.tags
        segments = session.stopwatch.segments.map { Segment(start: $0.start, end: $0.end) }
    }

    /// The session this document describes (`importKey` kept from the local copy, if any).
    func session(importKey: String?) throws -> FocusSession {
        guard let uuid = UUID(uuidString: id) else { throw StoreError.refused("not a session id: \(id)") }
        let stopwatch = try Stopwatch(segments: segments.map { Stopwatch.Segment(start: $0.start, end: $0.end) }, stoppedAt: end)
        return FocusSession(id: uuid, tags: tags ?? (tag.map { [$0] } ?? []), stopwatch: stopwatch, importKey: importKey)
    }
}
