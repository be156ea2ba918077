import Synchronization

/// The accounts of recently checked tokens, by token hash, so an authenticated request costs no
/// database read. This process is the only writer of its SQLite file, so the cache stays exact:
/// revoking a token removes it here in the same request that deletes it, and a lookup that read
/// the database before a revocation cannot put the revoked token back (see `generation`).
final class TokenCache: Sendable {
    private struct State {
        var accounts: [String: String] = [:]
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Entries kept; past it the cache starts over (tokens in use come back on their next request).
    static let capacity = 100_000

    /// The account of the token with `hash` if it was checked before, and the generation to
    /// pass to `remember` after reading the database otherwise.
    func lookup(tokenHash hash: String) -> (account: String?, generation: UInt64) {
        state.withLock { ($0.accounts[hash], $0.generation) }
    }

    /// Remembers that the token with `hash` belongs to `account`, read from the database after
    /// `lookup` returned `generation`: unless a token was revoked since.
    func remember(tokenHash hash: String, account: String, generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.accounts.count >= Self.capacity { state.accounts.removeAll(keepingCapacity: true) }
            state.accounts[hash] = account
        }
    }

    /// Forgets a revoked token (after its deletion committed).
    func forget(tokenHash hash: String) {
        state.withLock { state in
            state.accounts[hash] = nil
            state.generation &+= 1
        }
    }
}
