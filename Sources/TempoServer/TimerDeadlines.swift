import Foundation
import GRDB
import Logging
import PostgresNIO
import ServiceLifecycle
import TempoKit

/// Announces the end of every running timer, all accounts, when it comes — whether or not a
/// device is connected: at the deadline it appends a `timer` change with op `finished` (the
/// status at `finished_at`) and wakes the account's live streams.
///
/// Deadlines live in one ``DeadlineScheduler`` on the monotonic clock: a wall-clock deadline is
/// scheduled `deadline − now()` from the moment it is scheduled (`now` is the server's injected
/// wall clock). The database is the truth: a start-up schedules every deadline not yet announced
/// (one that passed while the server was down fires at once), and a firing is announced only if
/// the stored pending deadline is still the same, clearing it in the same transaction as the
/// change — so each deadline is announced exactly once, across restarts, and never for a timer
/// paused, cancelled, rescheduled or deleted before it.
final class TimerDeadlines: Service {
    private let scheduler: DeadlineScheduler<TimerDeadline, ContinuousClock>
    private let clock: ContinuousClock
    private let store: any ServerStorage
    private let hub: LiveHub
    private let now: @Sendable () -> Date
    private let logger: Logger
    /// How long after a failed announcement (the database refused the write) it is tried again.
    static let retryDelay = Duration.seconds(1)

    /// A service for `store`'s timers, waking `hub`'s streams; `now` is the server's wall clock.
    init(store: any ServerStorage, hub: LiveHub, now: @escaping @Sendable () -> Date, logger: Logger, clock: ContinuousClock = ContinuousClock()) {
        self.store = store
        self.hub = hub
        self.now = now
        self.logger = logger
        self.clock = clock
        scheduler = DeadlineScheduler(clock: clock)
    }

    /// Schedules the deadlines waiting in the database, then announces deadlines as they pass,
    /// until graceful shutdown.
    func run() async throws {
        let pending = try await store.read { db in try TimerDeadline.pending(db) }
        await schedule(pending)
        let scheduler = self.scheduler
        await cancelWhenGracefulShutdown {
            for await firing in scheduler.fired {
                await self.announce(firing.id)
            }
        }
    }

    /// Schedules the account's deadlines waiting in the database (another server process on the
    /// same PostgreSQL database stored them); a failed read schedules nothing, as that process
    /// schedules them itself.
    func schedulePending(account: String) async {
        do {
            await schedule(try await store.read { db in try TimerDeadline.pending(db, account: account) })
        } catch {
            logger.error("could not read the pending deadlines of account \(account): \(error)")
        }
    }

    /// Schedules `deadlines` (called after the write that stored them commits).
    func schedule(_ deadlines: [TimerDeadline]) async {
        guard !deadlines.isEmpty else { return }
        let wallNow = now().timeIntervalSince1970, monotonicNow = clock.now
        await scheduler.schedule(contentsOf: deadlines.map {
            ($0, monotonicNow.advanced(by: .seconds($0.secondsSince1970 - wallNow)))
        })
    }

    /// Forgets `deadline` (its timer changed or was deleted).
    func cancel(_ deadline: TimerDeadline) async {
        await scheduler.cancel(deadline)
    }

    /// Appends the `finished` change of `deadline` if it is still pending, and wakes the streams.
    private func announce(_ deadline: TimerDeadline) async {
        do {
            let announced = try await store.write { db -> Bool in
                // Cleared only if still pending: of several processes firing the same deadline, one
                // clears it (PostgreSQL makes the others wait on the row and then match nothing).
                let cleared = try db.execute(sql: """
                    UPDATE timer SET pending_deadline_at = NULL WHERE account_id = ? AND id = ? AND pending_deadline_at = ?
                    """, arguments: [deadline.account, deadline.timerID, deadline.secondsSince1970])
                guard cleared == 1, let row = try StoredTimerRow.find(db, account: deadline.account, id: deadline.timerID),
                      let timer = try row.timer(), let uuid = UUID(uuidString: row.id) else { return false }
                let countdown = try timer.countdown()
                let finishedAt = countdown.finishedAt ?? Date(timeIntervalSince1970: deadline.secondsSince1970)
                let status = try timer.status(id: uuid, createdAt: Date(timeIntervalSince1970: row.createdAt), at: finishedAt)
                try ChangeFeed.append(db, account: row.accountID, kind: .timer, id: row.id, op: "finished", record: JSONBody.text(status))
                return true
            }
            if announced { await hub.publish(account: deadline.account) }
        } catch let error as DatabaseError {
            // The database could not take the write now (busy, disk full): try again shortly.
            await retry(deadline, after: error)
        } catch let error as PSQLError {
            // PostgreSQL could not be reached or refused the write now: try again shortly.
            await retry(deadline, after: error)
        } catch {
            logger.error("could not announce the end of timer \(deadline.timerID): \(error)")
        }
    }

    private func retry(_ deadline: TimerDeadline, after error: any Error) async {
        logger.error("could not announce the end of timer \(deadline.timerID), retrying: \(error)")
        await scheduler.schedule(deadline, at: clock.now.advanced(by: Self.retryDelay))
    }
}
