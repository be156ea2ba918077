import Foundation
import GRDB
import TempoKit

extension AppDatabase {
    /// Which timers `timer clear` removes.
    public struct TimerClearing: Sendable, Equatable {
        /// Timers named on the command line: removed whatever their state.
        public var named: [String]
        /// Only finished timers, not cancelled ones (when nothing is named).
        public var finishedOnly: Bool
        /// Only timers that ended (finished or were cancelled) before this instant.
        public var endedBefore: Date?

        public init(named: [String] = [], finishedOnly: Bool = false, endedBefore: Date? = nil) {
            self.named = named
            self.finishedOnly = finishedOnly
            self.endedBefore = endedBefore
        }

        /// Whether an unnamed `timer` is cleared at `now`: it ended (finished, or cancelled unless
        /// `finishedOnly`) before `endedBefore`; a running or paused timer never is.
        public func clears(_ timer: TimerRecord, at now: Date) -> Bool {
            let countdown = timer.countdown
            let ended: Date?
            switch countdown.state(at: now) {
            case .finished: ended = countdown.finishedAt
            case .cancelled: ended = finishedOnly ? nil : countdown.cancelledAt
            case .idle, .running, .paused: ended = nil
            }
            guard let ended else { return false }
            return endedBefore.map { ended < $0 } ?? true
        }
    }

    /// Removes the timers `clearing` selects in one transaction and returns them, newest first.
    /// With names, exactly the named timers go (each must exist); without, the ended ones.
    public func clearTimers(_ clearing: TimerClearing, at now: Date) throws(StoreError) -> [TimerRecord] {
        try write { db in
            let removed: [TimerRecord]
            if clearing.named.isEmpty {
                removed = try Self.loadTimers(db, TimerRow.all()).filter { clearing.clears($0, at: now) }
            } else {
                var seen = Set<UUID>()
                removed = try clearing.named.map { try Self.resolveTimer($0, at: now, in: db) }.filter { seen.insert($0.id).inserted }
            }
            for timer in removed { try TimerRow.deleteOne(db, key: timer.id.uuidString) }
            return removed
        }
    }
}
