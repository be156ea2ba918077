import Foundation
import GRDB
import TempoKit

/// Runs in sync. The server keeps a run as one track of timed fixes (a live run), so a run is
/// pushed as its declaration and its timed fixes, and a pulled run is stored as an imported
/// track of one segment (the numbers the server's replay of the same fixes gives). Runs are
/// never edited: once acknowledged, a run only leaves the outbox again by being deleted.
extension AppDatabase {
    /// The ids of the runs this store holds among `ids` (lowercase).
    public func heldRuns(among ids: Set<String>) throws -> Set<String> {
        try perform(.read) { db in
            let held = try String.fetchAll(db, sql: "SELECT id FROM run").map { $0.lowercased() }
            return ids.intersection(held)
        }
    }

    /// Finished runs with at least one timed fix whose push the server has not acknowledged,
    /// then acknowledged runs deleted here.
    static func runOutbox(_ db: Database, acknowledged: [String: String]) throws -> [SyncOutgoing] {
        var outbox: [SyncOutgoing] = []
        var present = Set<String>()
        for record in try RunRecord.order(RunRecord.Columns.createdAt, RunRecord.Columns.id).fetchAll(db) {
            let id = record.id.uuidString.lowercased()
            present.insert(id)
            guard record.finished else { continue }
            let points = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM run_fix WHERE run_id = ? AND time IS NOT NULL",
                                          arguments: [record.id.uuidString]) ?? 0
            let sport = Self.serverSport(record.sport)
            guard points > 0,
                  acknowledged[id] != (try digest(SyncedRun.Acknowledged(id: id, sport: sport, name: record.name, points: points)))
            else { continue }
            let fixes = try RunFixRow.filter(Column("run_id") == record.id.uuidString).order(RunFixRow.Columns.seq)
                .fetchAll(db).map(\.fix).filter { $0.time != nil }
                .sorted { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }
            outbox.append(.run(SyncedRun(id: id, sport: sport, name: record.name, fixes: fixes.map(SyncedRun.Fix.init))))
        }
        for id in acknowledged.keys.sorted() where !present.contains(id) {
            outbox.append(.runDeleted(id: id))
        }
        return outbox
    }

    /// Acknowledges a run this store holds (pushed, or pulled before), or stores a pulled one
    /// with its fixes as one track; true when the store changed.
    static func applyRun(_ run: SyncedRun, in db: Database) throws -> Bool {
        guard let uuid = UUID(uuidString: run.id) else { throw StoreError.refused("not a run id: \(run.id)") }
        if let record = try RunRecord.fetchOne(db, key: uuid.uuidString) {
            let points = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM run_fix WHERE run_id = ? AND time IS NOT NULL",
                                          arguments: [record.id.uuidString]) ?? 0
            let local = SyncedRun.Acknowledged(id: run.id, sport: serverSport(record.sport), name: record.name, points: points)
            try acknowledge(db, kind: SyncKind.run, id: run.id, digest: try digest(local))
            return false
        }
        guard !run.fixes.isEmpty else { return false }
        let fixes = run.fixes.map(\.locationFix)
        var record = RunRecord(id: uuid, source: .file, sourceName: "tempo sync", sport: run.sport, name: run.name, createdAt: Date())
        record.finish(StoredRun(record: record, fixes: fixes.map { (0, $0) }, events: [], lapStarts: []).summary())
        try record.insert(db)
        for (seq, fix) in fixes.enumerated() {
            try RunFixRow(runID: uuid, seq: seq, segment: 0, fix: fix).insert(db)
        }
        let points = fixes.count(where: { $0.time != nil })
        let local = SyncedRun.Acknowledged(id: run.id, sport: serverSport(run.sport), name: run.name, points: points)
        try acknowledge(db, kind: SyncKind.run, id: run.id, digest: try digest(local))
        return true
    }

    /// Deletes a run the server deleted (or acknowledged deleting) and forgets its acknowledgement.
    static func applyRunDeletion(id: String, in db: Database) throws -> Bool {
        let deleted = try UUID(uuidString: id).map { try RunRecord.deleteOne(db, key: $0.uuidString) } ?? false
        try db.execute(sql: "DELETE FROM sync_ack WHERE kind = ? AND id = ?", arguments: [SyncKind.run, id.lowercased()])
        return deleted
    }

    /// The sport a run's stored name means, as the server names it (nil: none, inferred from the speeds).
    private static func serverSport(_ name: String?) -> String? {
        name.flatMap(Sport.init(name:))?.rawValue
    }
}
