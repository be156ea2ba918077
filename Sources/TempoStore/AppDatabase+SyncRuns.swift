import Foundation
import GRDB
import TempoKit

/// Runs in sync. The server keeps a run as one track of timed fixes (a live run), so a run is
/// pushed as its declaration and its timed fixes, and a pulled run is stored as an imported
/// track of one segment (the numbers the server's replay of the same fixes gives). Runs are
/// never edited: once acknowledged, a run only leaves the outbox again by being deleted.
extension AppDatabase {
    /// The source name of a run pulled from the server.
    public static let pulledRunSource = "tempo sync"

    /// The runs this store holds among `ids` (lowercase): for each, how many timed fixes it has
    /// when it was pulled from the server (a run still fed there may have more by now), nil
    /// when it was recorded or imported here.
    public func heldRuns(among ids: Set<String>) throws -> [String: Int?] {
        try perform(.read) { db in
            var held: [String: Int?] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT id, source_name, (SELECT COUNT(*) FROM run_fix WHERE run_id = run.id AND time IS NOT NULL) AS points FROM run
                """) {
                let id = (row["id"] as String).lowercased()
                guard ids.contains(id) else { continue }
                held[id] = (row["source_name"] as String) == Self.pulledRunSource ? .some(row["points"] as Int) : .some(nil)
            }
            return held
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
    /// with its fixes as one track (replacing an earlier pull of it); true when the store changed.
    static func applyRun(_ run: SyncedRun, in db: Database) throws -> Bool {
        guard let uuid = UUID(uuidString: run.id) else { throw StoreError.refused("not a run id: \(run.id)") }
        // A pulled run fetched again (the server was given more fixes since) is replaced.
        if !run.fixes.isEmpty, let record = try RunRecord.fetchOne(db, key: uuid.uuidString), record.sourceName == pulledRunSource {
            try record.delete(db)
        }
        if let record = try RunRecord.fetchOne(db, key: uuid.uuidString) {
            let points = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM run_fix WHERE run_id = ? AND time IS NOT NULL",
                                          arguments: [record.id.uuidString]) ?? 0
            let local = SyncedRun.Acknowledged(id: run.id, sport: serverSport(record.sport), name: record.name, points: points)
            try acknowledge(db, kind: SyncKind.run, id: run.id, digest: try digest(local))
            return false
        }
        guard !run.fixes.isEmpty else { return false }
        let fixes = run.fixes.map(\.locationFix)
        var record = RunRecord(id: uuid, source: .file, sourceName: pulledRunSource, sport: run.sport, name: run.name, createdAt: Date())
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
