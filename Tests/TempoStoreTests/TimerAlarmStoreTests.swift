import Foundation
import Testing
import TempoKit
import TempoStore

/// The timer daemon's side of the store: pending alarms, a claim that succeeds once, and the
/// plan (due, next deadline) the daemon follows.
@Suite struct TimerAlarmStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_795_600_000)

    private func started(_ label: String, seconds: Double, at start: Date) throws -> TimerRecord {
        var countdown = try Countdown(duration: .seconds(seconds))
        try countdown.start(at: start)
        return TimerRecord(label: label, createdAt: start, countdown: countdown)
    }

    @Test func anAlarmIsPendingUntilClaimedAndIsClaimedOnce() throws {
        let database = try AppDatabase.inMemory()
        let tea = try started("tea", seconds: 60, at: t0)
        let plain = try started("plain", seconds: 30, at: t0)
        try database.insertTimer(tea, alarmThen: "echo done")
        try database.insertTimer(plain)
        #expect(try database.pendingAlarms() == [TimerAlarm(timer: tea, thenCommand: "echo done")])
        #expect(try database.hasPendingAlarm(timerID: tea.id))
        #expect(try !database.hasPendingAlarm(timerID: plain.id))
        #expect(try database.claimAlarm(timerID: tea.id, at: t0 + 60))
        #expect(try !database.claimAlarm(timerID: tea.id, at: t0 + 61))
        #expect(try database.alarmRangAt(timerID: tea.id) == t0 + 60)
        #expect(try database.pendingAlarms().isEmpty)
    }

    @Test func aCancelledTimerHasNoPendingAlarmAndClearingRemovesItsAlarm() throws {
        let database = try AppDatabase.inMemory()
        let egg = try started("egg", seconds: 600, at: t0)
        try database.insertTimer(egg, alarmThen: nil)
        try database.updateTimer(matching: "egg", at: t0 + 5) { try $0.countdown.cancel(at: t0 + 5) }
        #expect(try database.pendingAlarms().isEmpty)
        let removed = try database.clearTimers(.init(), at: t0 + 10)
        #expect(removed.map(\.label) == ["egg"])
        #expect(try database.alarmRangAt(timerID: egg.id) == nil)
        #expect(try database.timers().isEmpty)
    }

    @Test func thePlanRingsWhatIsDueEarliestFirstAndWaitsForTheNextDeadline() throws {
        let late = try started("late", seconds: 10, at: t0)
        let early = try started("early", seconds: 5, at: t0)
        let running = try started("running", seconds: 100, at: t0)
        var paused = try started("paused", seconds: 20, at: t0)
        try paused.countdown.pause(at: t0 + 1)
        let countdowns = [late, early, running, paused].map { (id: $0.label ?? "", countdown: $0.countdown) }
        let plan = AlarmPlan(countdowns: countdowns, at: t0 + 30)
        #expect(plan.due == ["early", "late"])
        #expect(plan.nextDeadline == t0 + 100)
        #expect(!plan.isIdle)
        // Before anything is due: only the earliest deadline; a paused timer alone leaves it idle.
        #expect(AlarmPlan(countdowns: countdowns, at: t0 + 2).due.isEmpty)
        #expect(AlarmPlan(countdowns: countdowns, at: t0 + 2).nextDeadline == t0 + 5)
        #expect(AlarmPlan(countdowns: [countdowns[3]], at: t0 + 2).isIdle)
    }
}
