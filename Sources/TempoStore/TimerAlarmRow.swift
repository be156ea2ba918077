import Foundation
import GRDB

/// A row of `timer_alarm`: a timer that rings when it reaches zero (`timer start --notify`),
/// the command to run then, and the instant the daemon rang it (nil: not yet).
struct TimerAlarmRow: StoredRecord, Equatable {
    static let databaseTableName = "timer_alarm"

    var timerID: UUID
    var thenCommand: String?
    var rangAt: Date?

    enum CodingKeys: String, CodingKey {
        case timerID = "timer_id"
        case thenCommand = "then_command"
        case rangAt = "rang_at"
    }

    enum Columns {
        static let timerID = Column(CodingKeys.timerID)
        static let rangAt = Column(CodingKeys.rangAt)
    }
}
