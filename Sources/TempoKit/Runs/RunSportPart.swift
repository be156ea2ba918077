import Foundation

/// One part of a run done in one sport (a multisport file's leg or transition).
///
/// Metres and seconds, counted by the same recorder as the whole run: the parts' distances and
/// moving times add up to the run's.
public struct RunSportPart: Sendable, Hashable, Encodable {
    /// The sport: as named for the part, else inferred from its moving speed; `nil` when it is
    /// neither named nor can be inferred (no moving time).
    public var sport: Sport?
    /// Whether `sport` was inferred because nothing named it.
    public var sportInferred: Bool
    /// When the part began (UTC): its change's instant, or the run's start for the first part
    /// (`nil` for a run without times).
    public var startedAt: Date?
    /// Distance covered in the part, metres.
    public var distanceMeters: Double
    /// Moving time in the part, seconds; `nil` without fix times.
    public var movingSeconds: Double?

    /// A part; `named` is the sport its source names (`nil`: inferred from `distanceMeters` over `movingSeconds`).
    public init(named: Sport?, startedAt: Date?, distanceMeters: Double, movingSeconds: Double?) {
        self.startedAt = startedAt
        self.distanceMeters = distanceMeters
        self.movingSeconds = movingSeconds
        sportInferred = named == nil
        sport = named ?? Self.inferredSport(distanceMeters: distanceMeters, movingSeconds: movingSeconds)
    }

    /// The sport a stretch's moving speed suggests; `nil` without moving time to divide by.
    static func inferredSport(distanceMeters: Double, movingSeconds: Double?) -> Sport? {
        guard let movingSeconds, movingSeconds > 0 else { return nil }
        return Sport.inferred(fromMovingSpeed: distanceMeters / movingSeconds)
    }

    private enum CodingKeys: String, CodingKey {
        case sport, sportInferred = "sport_inferred", startedAt = "started_at", distanceMeters = "distance_m"
        case movingSeconds = "moving_s"
    }

    /// Encodes with snake_case keys; absent values are `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sport, forKey: .sport)
        try container.encode(sportInferred, forKey: .sportInferred)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(movingSeconds, forKey: .movingSeconds)
    }
}
