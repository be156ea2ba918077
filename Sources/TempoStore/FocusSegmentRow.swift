import Foundation
import GRDB
import TempoKit

/// A row of `focus_segment`: one stretch of a session's focus.
struct FocusSegmentRow: SegmentRecord {
    static let databaseTableName = "focus_segment"

    var sessionID: UUID
    var seq: Int
    var startAt: Date
    var endAt: Date?

    enum CodingKeys: String, CodingKey {
        case seq
        case sessionID = "session_id"
        case startAt = "start_at"
        case endAt = "end_at"
    }

    enum Columns {
        static let sessionID = Column(CodingKeys.sessionID)
        static let startAt = Column(CodingKeys.startAt)
        static let endAt = Column(CodingKeys.endAt)
    }

    /// The instants of the segment in `row` (a row of `focus_segment`, or a join holding its
    /// times), without decoding its session's id: a loaded history decodes that once per session.
    static func segment(in row: Row) -> Stopwatch.Segment {
        let end: Double? = row[Columns.endAt]
        return Stopwatch.Segment(start: Date(timeIntervalSince1970: row[Columns.startAt]), end: end.map(Date.init(timeIntervalSince1970:)))
    }
}

extension FocusSegmentRow {
    init(ownerID: UUID, seq: Int, startAt: Date, endAt: Date?) {
        self.init(sessionID: ownerID, seq: seq, startAt: startAt, endAt: endAt)
    }
}
