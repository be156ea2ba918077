/// What a monitor knows about one condition: CLMonitor's `MonitoringRecord`.
public struct ConditionRecord: Sendable, Hashable {
    /// The identifier it was added with.
    public var identifier: String
    /// The condition as added.
    public var condition: CircularCondition
    /// Its current state (the assumed one until a fix decides).
    public var state: ConditionState
    /// The last event it produced, `nil` if none yet.
    public var lastEvent: MonitorEvent?

    /// Builds a record.
    public init(identifier: String, condition: CircularCondition, state: ConditionState, lastEvent: MonitorEvent?) {
        self.identifier = identifier
        self.condition = condition
        self.state = state
        self.lastEvent = lastEvent
    }
}
