import Foundation

/// A change of a condition's state, caused by one fix.
public struct MonitorEvent: Sendable, Hashable, Codable {
    /// The condition's identifier.
    public var identifier: String
    /// The state the condition has changed to.
    public var state: ConditionState
    /// When it changed: the fix's time, or the driver's `now` for a fix without a time (UTC instant).
    public var date: Date
    /// The fix that decided it.
    public var fix: LocationFix

    /// Builds an event.
    public init(identifier: String, state: ConditionState, date: Date, fix: LocationFix) {
        self.identifier = identifier
        self.state = state
        self.date = date
        self.fix = fix
    }
}
