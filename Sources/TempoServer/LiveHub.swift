import Foundation

/// Fans each account's new changes out to its open `GET /v1/live` streams, and moves the
/// account's version on (`versions`), so what was derived from its records is derived again.
///
/// After a write commits, its handler calls `publish(account:)`; the hub reads the account's
/// changes after the last one it announced (one query however many streams are open) and
/// yields them to every stream in commit order, so concurrent writes never reach a stream out
/// of order or twice.
actor LiveHub {
    private let store: any ServerStorage
    private var streams: [String: [UUID: AsyncStream<ChangeFeed.Entry>.Continuation]] = [:]
    private var announced: [String: Int64] = [:]
    /// Events a stream may fall behind by before the oldest are dropped (it then catches up by
    /// reconnecting with `Last-Event-ID`).
    static let bufferedEvents = 1000

    /// Every account's version: moved on by `publish`, before the write's handler answers.
    nonisolated let versions: AccountVersions

    init(store: any ServerStorage) {
        self.store = store
        versions = AccountVersions(complete: store.engine == .sqlite)
    }

    /// A stream of the account's changes from now on, and the newest change before it.
    func subscribe(account: String) async throws -> (id: UUID, events: AsyncStream<ChangeFeed.Entry>, after: Int64) {
        let latest = try await store.read { db in try ChangeFeed.latest(db, account: account) }
        if announced[account] == nil { announced[account] = latest }
        let id = UUID()
        let (events, continuation) = AsyncStream.makeStream(of: ChangeFeed.Entry.self, bufferingPolicy: .bufferingNewest(Self.bufferedEvents))
        streams[account, default: [:]][id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(account: account, id: id) } }
        return (id, events, min(latest, announced[account] ?? latest))
    }

    /// Ends a stream (its client hung up, or the server is shutting down).
    func unsubscribe(account: String, id: UUID) {
        streams[account]?[id]?.finish()
        streams[account]?[id] = nil
        if streams[account]?.isEmpty == true {
            streams[account] = nil
            announced[account] = nil
        }
    }

    /// The account's version, under which what is derived from its records is cached: its
    /// counter in ``versions`` while those see every change. On SQLite that is always; on
    /// PostgreSQL while this process receives the notifications other processes send at each
    /// commit, so a change made through another process is seen once its notification arrives
    /// (milliseconds). While they are not received (before listening starts, or after the
    /// connection is lost until it is back) the version is the account's newest change, read
    /// from the database on every request.
    nonisolated func version(of account: String) async throws -> UInt64 {
        if let version = versions.current(account) { return version }
        let latest = try await store.readStatement { db in try ChangeFeed.latest(db, account: account) }
        return AccountVersions.databaseVersionBit | UInt64(latest)
    }

    /// Marks the account changed and announces its changes committed since the last announcement;
    /// every handler calls it after its write commits.
    nonisolated func publish(account: String) async {
        versions.bump(account)
        await announce(account: account)
    }

    private func announce(account: String) async {
        guard streams[account]?.isEmpty == false, let since = announced[account] else { return }
        guard let entries = try? await store.read({ db in
            try ChangeFeed.entries(db, account: account, since: since, limit: ChangesController.maxLimit)
        }) else {
            // The database refused the read (busy, connection lost): the committed changes are
            // announced by a retry shortly, not held back until the account's next write.
            retryAnnouncing(account: account)
            return
        }
        // Another publish may have announced some of these while this one read.
        let already = announced[account] ?? since
        let fresh = entries.filter { $0.seq > already }
        guard let last = fresh.last else { return }
        announced[account] = last.seq
        for continuation in streams[account, default: [:]].values {
            for entry in fresh { continuation.yield(entry) }
        }
    }

    /// Accounts with an announcement to try again.
    private var retrying: Set<String> = []
    /// How long after a failed read the account's changes are read again.
    static let retryDelay = Duration.milliseconds(200)

    private func retryAnnouncing(account: String) {
        guard retrying.insert(account).inserted else { return }
        Task {
            try? await Task.sleep(for: Self.retryDelay)
            await self.retried(account: account)
        }
    }

    private func retried(account: String) async {
        retrying.remove(account)
        await announce(account: account)
    }
}
