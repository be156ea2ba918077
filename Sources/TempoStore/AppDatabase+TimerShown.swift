import Foundation

extension AppDatabase {
    /// The timer a person asks about: the one `reference` names (see ``timer(matching:at:)``);
    /// without a reference, the one active timer, or — when none or several are active — the
    /// newest timer.
    public func timerShown(matching reference: String?, at now: Date) throws(StoreError) -> TimerRecord {
        guard reference == nil, let newest = try timers().first else { return try timer(matching: reference, at: now) }
        do {
            return try timer(matching: nil, at: now)
        } catch .refused(_) {
            return newest
        }
    }
}
