import Foundation
import TempoKit
import TempoStore

/// `tempo timer daemon`: one process per store that rings every `--notify` timer when it
/// reaches zero, without a watcher.
///
/// Each round reads the pending alarms, rings the due ones (recording each in the store
/// before ringing, so a timer rings once even across a kill or a second daemon) and sleeps
/// until the next deadline, waking early when another process changes the store (a timer
/// added, paused, resumed or cancelled: SQLite's `data_version` moves). It exits when no
/// alarm is due or running; a paused timer's `resume` starts it again. Started afresh (by
/// hand, a systemd unit, or the next `timer start --notify`) it rings what fell due meanwhile.
struct TimerDaemon {
    /// How often the store is checked for changes while waiting for a deadline.
    static let pollInterval: Duration = .milliseconds(250)

    let database: AppDatabase
    let lockPath: String
    let time: CommandTime
    let ringer: TimerRinger

    /// Runs until nothing is left to ring; returns at once when another daemon holds the lock.
    func run() async throws {
        guard var lock = try DaemonLock.acquire(path: lockPath) else { return }
        while true {
            let version = try database.dataVersion()
            let plan = try ringDue()
            // Ringing takes time (a notification, a `--then` command): read again before sleeping.
            if !plan.due.isEmpty { continue }
            if plan.isIdle {
                // A timer stored between the last read and the release would find the lock held
                // and start no daemon: look once more after releasing.
                lock.release()
                guard try !ringDue().isIdle, let again = try DaemonLock.acquire(path: lockPath) else { return }
                lock = again
                continue
            }
            // A fixed clock (TEMPO_NOW) never reaches a later deadline.
            guard !time.isFixed, let deadline = plan.nextDeadline else { break }
            try await wait(until: deadline, unlessVersionLeaves: version)
        }
        lock.release()
    }

    /// Rings every due alarm this process claims, and returns the plan it followed.
    private func ringDue() throws -> AlarmPlan<UUID> {
        let now = try time.now()
        let alarms = try database.pendingAlarms()
        let plan = AlarmPlan(countdowns: alarms.map { ($0.timer.id, $0.timer.countdown) }, at: now)
        for id in plan.due {
            guard let alarm = alarms.first(where: { $0.timer.id == id }), try database.claimAlarm(timerID: id, at: now) else { continue }
            ringer.ring(alarm, finishedAt: alarm.timer.countdown.finishedAt ?? now, now: now)
        }
        return plan
    }

    /// Sleeps until `deadline` on the wall clock, or until the store changes.
    private func wait(until deadline: Date, unlessVersionLeaves version: Int) async throws {
        while try time.now() < deadline, try database.dataVersion() == version {
            let left = Duration.milliseconds(Int64((deadline.timeIntervalSince(try time.now()) * 1000).rounded(.up)))
            try await time.clock.sleep(for: min(Self.pollInterval, max(left, .milliseconds(1))))
        }
    }
}
