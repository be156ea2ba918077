/// What one sync did: printed as one line, or as JSON with `--json`.
public struct SyncReport: Encodable, Sendable, Equatable {
    /// Local changes the server acknowledged.
    public var pushed = 0
    /// Records the feed changed here.
    public var pulled = 0
    /// Local changes the server refused, each as a line naming the record and why; they stay
    /// here and are offered again by the next sync.
    public var conflicts: [String] = []

    /// An empty report.
    public init() {}

    /// `pushed 3, pulled 5` and the conflicts, if any.
    public var line: String {
        var text = "pushed \(pushed), pulled \(pulled)"
        if !conflicts.isEmpty { text += "; \(conflicts.count) not accepted: " + conflicts.joined(separator: "; ") }
        return text
    }
}
