/// The result of feeding one fix to a `MonitorCore`.
public struct MonitorStep: Sendable, Hashable {
    /// Whether the fix was used, or why not.
    public var verdict: FixVerdict
    /// The state changes it caused, in no particular order of identifiers.
    public var events: [MonitorEvent]
    /// One-shot conditions removed because they became satisfied.
    public var removedIdentifiers: [String]
}
