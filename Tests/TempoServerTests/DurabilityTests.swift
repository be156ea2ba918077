import Foundation
import Synchronization
import Testing

/// What the server acknowledged survives `kill -9`: writers upload sessions as fast as they can,
/// the server is killed mid-stream and restarted on the same file, and every write that got a 2xx
/// is there, once, in the records and in the change feed.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct DurabilityTests {
    @Test(arguments: ServerEngine.available) func killingTheServerLosesNoAcknowledgedWrite(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("durable@example.org")
        let acknowledged = Acknowledged()
        let writers = 4
        // Writer w's i-th session: 30 s from 2026-01-01 + (w × 100,000 + i) minutes (none overlap,
        // all end before the server's clock).
        let base = Date(timeIntervalSince1970: 1_767_225_600)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<100_000 {
                        let id = String(format: "d0000000-0000-4000-8000-%04x%08x", writer, index)
                        let start = base.addingTimeInterval(Double(writer * 100_000 + index) * 60)
                        let body = ["start": start.formatted(.iso8601), "end": start.addingTimeInterval(30).formatted(.iso8601)]
                        guard let reply = try? await server.send("PUT", "/v1/focus/sessions/\(id)", json: body, token: token) else { return }
                        guard reply.status == 201 else { return }
                        acknowledged.documents.withLock { $0[id] = reply.text }
                    }
                }
            }
            // Killed mid-stream, once a good number of writes got in (however busy the machine is).
            for _ in 0..<600 where acknowledged.documents.withLock({ $0.count }) < 200 {
                try await Task.sleep(for: .milliseconds(50))
            }
            await server.crash()
            try await group.waitForAll()
        }
        let written = acknowledged.documents.withLock { $0 }
        #expect(written.count >= 200, "the writers got too few writes in before the kill")

        let restarted = try await TestServer.start(engine: engine, databasePath: server.databasePath)
        for (id, document) in written {
            let stored = try await restarted.send("GET", "/v1/focus/sessions/\(id)", token: token)
            #expect(stored.status == 200 && stored.text == document, "acknowledged session \(id) after kill -9")
        }
        var fed: [String] = []
        var since = 0
        while true {
            let page = try await restarted.send("GET", "/v1/changes?since=\(since)&limit=1000", token: token).json
            let changes = page["changes"] as? [[String: Any]] ?? []
            if changes.isEmpty { break }
            fed += changes.compactMap { $0["id"] as? String }
            since = page["next"] as? Int ?? since
        }
        #expect(Set(fed).isSuperset(of: written.keys), "every acknowledged write is in the feed")
        #expect(fed.count == Set(fed).count, "no write is in the feed twice")
        await restarted.stop()
    }
}

/// The documents of the writes the server acknowledged, by id.
private final class Acknowledged: Sendable {
    let documents = Mutex<[String: String]>([:])
}
