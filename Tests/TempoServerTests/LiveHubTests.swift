import Foundation
import Synchronization
import Testing
@testable import TempoServer
import TempoTestSupport

/// `LiveHub` over a real SQLite store whose reads can be made to fail, as a busy or unreachable
/// database fails them: a change committed while the hub could not read it still reaches the
/// streams, shortly after, without waiting for the account's next write.
@Suite(.timeLimit(.minutes(1))) struct LiveHubTests {
    /// The server's SQLite store, failing the next `failing` reads it is asked for.
    final class RefusingStore: ServerStorage {
        struct Refused: Error {}
        let store: ServerStore
        let failing = Mutex(0)
        var engine: StoreEngine { store.engine }

        init(path: String) throws { store = try ServerStore(path: path) }

        @discardableResult
        func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
            try await store.write(body)
        }

        func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) throws -> T) async throws -> T {
            let refuse = failing.withLock { count in
                defer { count = max(0, count - 1) }
                return count > 0
            }
            if refuse { throw Refused() }
            return try await store.read(body)
        }
    }

    @Test func aChangeTheHubCouldNotReadReachesTheStreamShortlyAfter() async throws {
        let path = TestDirectory.root.appendingPathComponent("tempo-hub-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try RefusingStore(path: path)
        try await store.write { db in
            try db.execute(sql: "INSERT INTO account (id, email, password_hash, created_at) VALUES ('ada', 'ada@example.org', '-', 0)")
        }
        let hub = LiveHub(store: store)
        let (_, events, after) = try await hub.subscribe(account: "ada")
        #expect(after == 0)
        try await store.write { db in
            try ChangeFeed.append(db, account: "ada", kind: .timer, id: "t1", op: "put", record: "{}")
        }
        // The read after this commit fails; nothing else is written to the account.
        store.failing.withLock { $0 = 2 }
        let published = ContinuousClock.now
        await hub.publish(account: "ada")
        let first = try await withThrowingTaskGroup(of: ChangeFeed.Entry?.self) { group in
            group.addTask { await events.first { _ in true } }
            group.addTask {
                try await Task.sleep(for: .seconds(3))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        #expect(first?.seq == 1, "the committed change never reached the stream")
        // Two failed reads and their retries, 200 ms apart.
        #expect(ContinuousClock.now - published >= LiveHub.retryDelay * 2)
    }
}
