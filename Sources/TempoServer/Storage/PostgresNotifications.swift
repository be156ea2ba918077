import ServiceLifecycle

/// What other server processes on the same PostgreSQL database did, applied to this one's
/// memory: a change of an account (`NOTIFY` at its commit) is announced on this process's live
/// streams and moves the account's version on (so its cached focus status is derived again;
/// while the notifications are not received, versions are read from the database instead),
/// and its timers' pending deadlines are scheduled here too (whichever process fires first
/// announces; see ``TimerDeadlines``); a revoked token leaves the token cache.
struct PostgresNotifications: Service {
    /// The shared database.
    let store: PostgresStore
    /// This process's live streams and account versions.
    let hub: LiveHub
    /// This process's checked tokens.
    let tokens: TokenCache
    /// This process's timer deadlines.
    let deadlines: TimerDeadlines

    /// Listens until graceful shutdown.
    func run() async throws {
        let store = store, hub = hub, tokens = tokens, deadlines = deadlines
        await cancelWhenGracefulShutdown {
            await store.listen(
                to: [PostgresStore.changeChannel, PostgresStore.tokenChannel],
                listening: { hub.versions.seeingAllChanges() }, lost: { hub.versions.missedChanges() }
            ) { channel, payload in
                switch channel {
                case PostgresStore.tokenChannel:
                    tokens.forget(tokenHash: payload)
                default:
                    await hub.publish(account: payload)
                    await deadlines.schedulePending(account: payload)
                }
            }
        }
    }
}
