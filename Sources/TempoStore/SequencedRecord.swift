import GRDB

/// A row numbered within its owner (a timer's or a focus session's segments): `seq` counts
/// from 0 and, with the owner's id, is the primary key.
protocol SequencedRecord: StoredRecord, Equatable {
    /// The row's place among its owner's rows, from 0.
    var seq: Int { get }
}

extension SequencedRecord {
    /// Makes the stored rows of one owner (`owned`) equal `rows`, in place: a changed row is
    /// updated, a new one inserted, one beyond the new count deleted, and an unchanged one (a
    /// closed segment, most of them) not written at all.
    static func replace(_ owned: QueryInterfaceRequest<Self>, with rows: [Self], in db: Database) throws {
        let stored = Dictionary(try owned.fetchAll(db).map { ($0.seq, $0) }, uniquingKeysWith: { first, _ in first })
        for row in rows {
            guard let old = stored[row.seq] else {
                try row.insert(db)
                continue
            }
            if old != row { try row.update(db) }
        }
        try owned.filter(Column("seq") >= rows.count).deleteAll(db)
    }
}
