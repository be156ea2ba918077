import Synchronization

/// Recently checked tokens with their account and hash, so an authenticated request costs
/// neither a database read nor a hash. On SQLite this process is the only writer, so the cache
/// stays exact: revoking a token removes it here in the same request that deletes it, and a
/// lookup that read the database before a revocation cannot put the revoked token back (see
/// `generation`). On PostgreSQL a revocation through another server process reaches this cache
/// by its `NOTIFY` (``PostgresNotifications``), milliseconds after it committed.
final class TokenCache: Sendable {
    /// A checked token's account and the hash it is stored under.
    struct Entry: Sendable {
        let account: String
        let tokenHash: String
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Entries kept; past it the cache starts over (tokens in use come back on their next request).
    static let capacity = 100_000

    /// The entry of `token` if it was checked before, and the generation to pass to `remember`
    /// after reading the database otherwise.
    func lookup(token: String) -> (entry: Entry?, generation: UInt64) {
        state.withLock { ($0.entries[token], $0.generation) }
    }

    /// Remembers `token`'s entry, read from the database after `lookup` returned `generation`:
    /// unless a token was revoked since.
    func remember(token: String, _ entry: Entry, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[token] = entry
        }
    }

    /// Forgets a revoked token (after its deletion committed).
    func forget(tokenHash hash: String) {
        state.withLock { state in
            state.entries = state.entries.filter { $0.value.tokenHash != hash }
            state.generation &+= 1
        }
    }
}
