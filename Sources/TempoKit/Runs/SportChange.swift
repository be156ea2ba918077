import Foundation

/// The sport from an instant on: where the next part of a multisport recording begins (a FIT
/// session's start, a TCX multisport `<Activity>`'s first lap).
public struct SportChange: Sendable, Hashable, Codable {
    /// When the sport takes effect (UTC): the first fix at or after it is recorded with it.
    public var at: Date
    /// The sport from then on (`nil`: the part names none, so its sport is inferred from its speeds).
    public var sport: Sport?

    /// A change to `sport` at `at` (UTC).
    public init(at: Date, sport: Sport?) {
        self.at = at
        self.sport = sport
    }
}
