import Foundation
import GRDB
import TempoKit

/// A row of `timer_segment`: one stretch a timer ran (`endAt` nil while it runs).
struct TimerSegmentRow: SequencedRecord {
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

    /// The stopwatch segment it stores.
    var segment: Stopwatch.Segment { Stopwatch.Segment(start: startAt, end: endAt) }

    /// The rows of `timer`'s segments, numbered from 0.
    static func rows(of timer: TimerRecord) -> [TimerSegmentRow] {
        timer.countdown.stopwatch.segments.enumerated().map { seq, segment in
            TimerSegmentRow(timerID: timer.id, seq: seq, startAt: segment.start, endAt: segment.end)
        }
    }
}
