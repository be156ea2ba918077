/// The result of feeding one fix to a `MonitorCore`.
public struct MonitorStep: Sendable, Hashable {
    /// Whether the fix was used, or why not.
    public var verdict: FixVerdict
    /// The state changes it caused, in no particular order of identifiers.
    public var events: [MonitorEvent]
    /// One-shot conditions removed because they became satisfied.
    public var removedIdentifiers: [String]
    /// State changes outside their condition's window: to be persisted as the condition's state
    /// (not as its last event) and reported to no one.
    public var unreportedChanges: [MonitorEvent]
}
