import Foundation
import GRDB

/// A row of `run_lap`: where a file's `seq`-th lap starts.
struct RunLapRow: StoredRecord {
    static let databaseTableName = "run_lap"

    var runID: UUID
    var seq: Int
    var startAt: Date

    enum CodingKeys: String, CodingKey {
        case seq
        case runID = "run_id"
        case startAt = "start_at"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
    }
}
