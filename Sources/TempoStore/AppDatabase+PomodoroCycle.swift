import Foundation
import TempoKit

extension AppDatabase {
    /// Moves the stored pomodoro cycle up to `now` in one transaction: the focus sessions it owns
    /// are stopped at their phases' deadlines (not when someone looked), and a finished cycle is
    /// removed. Returns the cycle still running, if any.
    @discardableResult
    public func advancePomodoro(to now: Date) throws -> Pomodoro? {
        try changePomodoro { pomodoro, ledger -> Pomodoro? in
            pomodoro?.advance(to: now, ledger: &ledger)
            if pomodoro?.finishedAt != nil { pomodoro = nil }
            return pomodoro
        }
    }

    /// Starts a cycle at `now`, unless one is still running: that one is resumed in the phase it
    /// has reached (a killed watcher leaves the cycle running by its deadlines). Returns true when
    /// an existing cycle was resumed.
    public func startOrResumePomodoro(plan: Pomodoro.Plan, tags: [String] = [], at now: Date) throws -> Bool {
        try changePomodoro { pomodoro, ledger -> Bool in
            pomodoro?.advance(to: now, ledger: &ledger)
            if let current = pomodoro, current.finishedAt == nil { return true }
            pomodoro = try Pomodoro(plan: plan, tags: tags, at: now, ledger: &ledger)
            return false
        }
    }

    /// Ends the stored cycle at `now` (stopping its running focus session); false when there was none.
    public func stopPomodoro(at now: Date) throws -> Bool {
        try changePomodoro { pomodoro, ledger in
            let had = pomodoro != nil
            pomodoro?.advance(to: now, ledger: &ledger)
            pomodoro?.stop(at: now, ledger: &ledger)
            pomodoro = nil
            return had
        }
    }
}
