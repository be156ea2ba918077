/// Where the device stands with respect to a condition, as CLMonitor reports it.
public enum ConditionState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Never decided yet (the default assumption when a condition is added).
    case unknown
    /// Convincingly inside (and dwelt long enough).
    case satisfied
    /// Convincingly outside, beyond the exit buffer, after having been satisfied (or assumed so).
    case unsatisfied
}
