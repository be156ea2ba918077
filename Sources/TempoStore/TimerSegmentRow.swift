import Foundation
import GRDB

/// A row of `timer_segment`: one stretch a timer ran.
struct TimerSegmentRow: SegmentRecord {
    static let databaseTableName = "timer_segment"

    var timerID: UUID
    var seq: Int
    var startAt: Date
    var endAt: Date?

    enum CodingKeys: String, CodingKey {
        case seq
        case timerID = "timer_id"
        case startAt = "start_at"
        case endAt = "end_at"
    }

    enum Columns {
        static let timerID = Column(CodingKeys.timerID)
        static let seq = Column(CodingKeys.seq)
    }
}

extension TimerSegmentRow {
    init(ownerID: UUID, seq: Int, startAt: Date, endAt: Date?) {
        self.init(timerID: ownerID, seq: seq, startAt: startAt, endAt: endAt)
    }
}
