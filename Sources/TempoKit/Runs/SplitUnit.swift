/// The distance splits are cut at.
public enum SplitUnit: String, Sendable, Hashable, Codable, CaseIterable {
    /// 1,000 m.
    case kilometer = "km"
    /// 1,609.344 m.
    case mile = "mi"

    /// The unit's length in metres.
    public var meters: Double {
        switch self {
        case .kilometer: 1000
        case .mile: 1609.344
        }
    }
}
