/// What `AppDatabase.savePlaces` did, by place name.
public struct PlaceSaveSummary: Sendable, Hashable, Codable {
    /// Places that did not exist.
    public var added: [String] = []
    /// Places that existed with other values.
    public var updated: [String] = []
    /// Places that existed with the same values.
    public var unchanged: [String] = []

    /// An empty summary.
    public init() {}
}
