import Foundation
import TempoStore

/// Runs: pushed as a live run (its declaration, then its timed fixes in batches, each batch
/// idempotent on the server per fix instant, so a push a kill interrupted is simply made again);
/// pulled by fetching the fixes of each run the store does not hold.
extension SyncEngine {
    /// Fixes sent per `POST /v1/runs/{id}/fixes` (the server takes up to 10,000).
    public static let fixBatchSize = 1000

    /// The body of `PUT /v1/runs/{id}`.
    struct RunDeclaration: Encodable {
        let sport: String?
        let name: String?
    }

    /// The body of `POST /v1/runs/{id}/fixes` and the answer of `GET`.
    struct FixBatch: Codable {
        let fixes: [SyncedRun.Fix]
    }

    /// Pushes one run; false when the server refused it (reported, kept here) or it was deleted
    /// on another device (deleted here too).
    func push(_ run: SyncedRun, into report: inout SyncReport) async throws -> Bool {
        let name = "run \(run.id.prefix(8))"
        let declared = try await client.send("PUT", "/v1/runs/\(run.id)", json: RunDeclaration(sport: run.sport, name: run.name))
        switch declared.status {
        case 200, 201:
            break
        case 409 where declared.errorCode == "deleted":
            try database.acknowledgePush(.runDeleted(id: run.id))
            report.conflicts.append("\(name) was deleted on another device; deleted here too")
            return false
        case 409 where declared.errorCode == "not_live":
            // The server holds the run uploaded as the same file (its id derives from the bytes).
            try database.acknowledgePush(.run(run.with(fixes: [])))
            return true
        default:
            try refuse(declared, record: name, into: &report)
            return false
        }
        var start = 0
        while start < run.fixes.count {
            let batch = Array(run.fixes[start..<min(start + Self.fixBatchSize, run.fixes.count)])
            let answer = try await client.send("POST", "/v1/runs/\(run.id)/fixes", json: FixBatch(fixes: batch))
            guard answer.status == 200 else {
                try refuse(answer, record: name, into: &report)
                return false
            }
            start += batch.count
        }
        try database.acknowledgePush(.run(run.with(fixes: [])))
        return true
    }

    /// `changes` with the fixes of every run put there that the store does not hold (or holds
    /// from an earlier pull, with fewer fixes than the server's summary counts now), fetched once
    /// per run (its last put of the page); a run the server no longer holds is skipped (its
    /// deletion follows in the feed).
    func withRunFixes(_ changes: [SyncFeedPage.Change]) async throws -> [SyncIncoming] {
        var lastPut: [String: Int] = [:]
        for (index, change) in changes.enumerated() {
            if case .run(let run) = change.incoming { lastPut[run.id] = index }
        }
        var result = changes.map(\.incoming)
        guard !lastPut.isEmpty else { return result }
        let held = try database.heldRuns(among: Set(lastPut.keys))
        for (id, index) in lastPut {
            guard case .run(let run) = result[index] else { continue }
            switch held[id] {
            case .none: break
            case .some(.some(let points)) where points != changes[index].runPoints: break
            case .some: continue
            }
            let answer = try await client.send("GET", "/v1/runs/\(id)/fixes")
            switch answer.status {
            case 200: result[index] = .run(run.with(fixes: try SyncJSON.decode(FixBatch.self, from: answer.body).fixes))
            case 404: result[index] = .other
            default: throw SyncError.refused(status: answer.status, message: answer.errorMessage)
            }
        }
        return result
    }
}
