import Foundation
import GRDB
import TempoKit

/// A row of `run_event`: a command given while recording, after `fixCount` fixes.
struct RunEventRow: StoredRecord {
    static let databaseTableName = "run_event"

    var runID: UUID
    var seq: Int
    var action: String
    var at: Date?
    var fixCount: Int

    enum CodingKeys: String, CodingKey {
        case seq, action, at
        case runID = "run_id"
        case fixCount = "fix_count"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
    }

    /// The command it stores; nil for an action this version does not know.
    var event: StoredRun.Event? {
        RunAction(rawValue: action).map { StoredRun.Event(action: $0, at: at, fixCount: fixCount) }
    }
}

extension RunEventRow {
    /// The row of `event`, the run's `seq`-th command.
    init(runID: UUID, seq: Int, event: StoredRun.Event) {
        self.init(runID: runID, seq: seq, action: event.action.rawValue, at: event.at, fixCount: event.fixCount)
    }
}
