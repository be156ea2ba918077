/// What a monitor did with one fix.
public enum FixVerdict: String, Sendable, Hashable, CaseIterable {
    /// The fix was used.
    case accepted
    /// Its coordinate is out of range or not finite.
    case invalidCoordinate
    /// Its accuracy is worse than the policy's limit.
    case tooInaccurate
    /// Its time is not after the last accepted fix's (out of order or duplicate).
    case outOfOrder
    /// It is older than the policy's maximum age before `now`.
    case stale
}
