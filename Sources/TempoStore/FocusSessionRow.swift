import Foundation
import GRDB
import TempoKit

/// A row of `focus_session`: a session's tags and ends (its segments are in `focus_segment`).
///
/// `firstAt`/`lastAt` are its earliest and latest recorded instants, kept so a time window
/// finds its sessions through an index. `tags` holds every tag, separated by U+001F (which
/// ``FocusSession/normalized(_:)`` keeps out of tags); `tag` keeps the first, as stores before the
/// "focus tags list" migration had it.
struct FocusSessionRow: StoredRecord, Equatable {
    static let databaseTableName = "focus_session"

    var id: UUID
    var tag: String?
    var tags: String
    var firstAt: Date
    var lastAt: Date
    var stoppedAt: Date?
    var importKey: String?

    enum CodingKeys: String, CodingKey {
        case id, tag, tags
        case firstAt = "first_at"
        case lastAt = "last_at"
        case stoppedAt = "stopped_at"
        case importKey = "import_key"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let tag = Column(CodingKeys.tag)
        static let tags = Column(CodingKeys.tags)
        static let firstAt = Column(CodingKeys.firstAt)
        static let lastAt = Column(CodingKeys.lastAt)
        static let stoppedAt = Column(CodingKeys.stoppedAt)
        static let importKey = Column(CodingKeys.importKey)
    }

    /// Decodes a row of `focus_session` (or a join holding its columns), the id with
    /// `UUID(storedText:)`: a whole history has tens of thousands of them.
    init(row: Row) throws {
        guard let id = UUID(storedText: row[Columns.id]) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a focus session's id is not a UUID")
        }
        self.id = id
        tag = row[Columns.tag]
        tags = row[Columns.tags]
        firstAt = Date(timeIntervalSince1970: row[Columns.firstAt])
        lastAt = Date(timeIntervalSince1970: row[Columns.lastAt])
        stoppedAt = (row[Columns.stoppedAt] as Double?).map(Date.init(timeIntervalSince1970:))
        importKey = row[Columns.importKey]
    }

    /// The row of `session`.
    ///
    /// - Throws: `StoreError.refused` for a session that never started (it has no instant).
    init(_ session: FocusSession) throws {
        let segments = session.stopwatch.segments
        let instants = segments.flatMap { [$0.start] + ($0.end.map { [$0] } ?? []) } + (session.stoppedAt.map { [$0] } ?? [])
        guard let first = instants.min(), let last = instants.max() else {
            throw StoreError.refused("a focus session without a start cannot be stored")
        }
        id = session.id
        tag = session.tag
        tags = FocusSession.storedTags(session.tags)
        firstAt = first
        lastAt = last
        stoppedAt = session.stoppedAt
        importKey = session.importKey
    }

    /// The session these columns and `segments` store.
    func session(segments: [Stopwatch.Segment]) throws -> FocusSession {
        FocusSession(
            id: id, tags: FocusSession.tags(stored: tags),
            stopwatch: try Stopwatch(segments: segments, stoppedAt: stoppedAt), importKey: importKey)
    }
}
