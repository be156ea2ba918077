import Foundation
import GRDB
import TempoKit

/// A row of `run_sport`: where a multisport run's sport changes.
struct RunSportRow: StoredRecord {
    static let databaseTableName = "run_sport"

    var runID: UUID
    var seq: Int
    var startAt: Date
    var sport: String?

    enum CodingKeys: String, CodingKey {
        case seq, sport
        case runID = "run_id"
        case startAt = "start_at"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
    }

    /// The change it stores (a sport this version does not know reads as none).
    var change: SportChange { SportChange(at: startAt, sport: sport.flatMap(Sport.init(rawValue:))) }
}

extension RunSportRow {
    /// The row of `change`, the run's `seq`-th.
    init(runID: UUID, seq: Int, change: SportChange) {
        self.init(runID: runID, seq: seq, startAt: change.at, sport: change.sport?.rawValue)
    }
}
