import Foundation
import GRDB
import TempoKit

/// A row of `timer`: a countdown's duration and the instants that ended it (its running time
/// is in `timer_segment`).
struct TimerRow: StoredRecord, Equatable {
    static let databaseTableName = "timer"
    /// The timer's segments, in order.
    static let segments = hasMany(TimerSegmentRow.self, key: "segments").order(TimerSegmentRow.Columns.seq)

    var id: UUID
    var label: String?
    var durationSeconds: Double
    var createdAt: Date
    var stoppedAt: Date?
    var cancelledAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, label
        case durationSeconds = "duration_s"
        case createdAt = "created_at"
        case stoppedAt = "stopped_at"
        case cancelledAt = "cancelled_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let label = Column(CodingKeys.label)
        static let createdAt = Column(CodingKeys.createdAt)
        static let stoppedAt = Column(CodingKeys.stoppedAt)
        static let cancelledAt = Column(CodingKeys.cancelledAt)
    }

    /// A timer row with its segments, as `including(all: TimerRow.segments)` fetches it.
    struct WithSegments: Decodable, FetchableRecord {
        var timer: TimerRow
        var segments: [TimerSegmentRow]

        /// The timer these rows store.
        func record() throws -> TimerRecord {
            let stopwatch = try Stopwatch(segments: segments.map(\.segment), stoppedAt: timer.stoppedAt)
            guard let duration = ValidRange.duration(seconds: timer.durationSeconds) else { throw CountdownError.invalidDuration }
            let countdown = try Countdown(duration: duration, stopwatch: stopwatch, cancelledAt: timer.cancelledAt)
            return TimerRecord(id: timer.id, label: timer.label, createdAt: timer.createdAt, countdown: countdown)
        }
    }
}

extension TimerRow {
    /// The row of `timer`.
    init(_ timer: TimerRecord) {
        self.init(
            id: timer.id, label: timer.label, durationSeconds: timer.countdown.duration.timeInterval, createdAt: timer.createdAt,
            stoppedAt: timer.countdown.stopwatch.stoppedAt, cancelledAt: timer.countdown.cancelledAt)
    }
}
