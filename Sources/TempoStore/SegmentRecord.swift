import Foundation
import TempoKit

/// A row of a segment table (`timer_segment`, `focus_segment`): one stretch a stopwatch ran,
/// numbered within its owner (a timer, a focus session); `endAt` is nil while it runs.
protocol SegmentRecord: SequencedRecord {
    /// The owner's `seq`-th segment.
    init(ownerID: UUID, seq: Int, startAt: Date, endAt: Date?)
    var startAt: Date { get }
    var endAt: Date? { get }
}

extension SegmentRecord {
    /// The rows of `stopwatch`'s segments, numbered from 0.
    static func rows(of stopwatch: Stopwatch, ownerID: UUID) -> [Self] {
        stopwatch.segments.enumerated().map { seq, segment in
            Self(ownerID: ownerID, seq: seq, startAt: segment.start, endAt: segment.end)
        }
    }

    /// The stopwatch segment it stores.
    var segment: Stopwatch.Segment { Stopwatch.Segment(start: startAt, end: endAt) }
}
