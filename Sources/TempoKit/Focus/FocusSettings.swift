import Foundation

/// How focus time is bucketed and judged: time zone, day start, daily goal, growth thresholds.
///
/// Changing the zone or the day start re-buckets history; it changes no session.
public struct FocusSettings: Sendable, Hashable, Codable {
    /// The IANA zone days are counted in (the CLI defaults it to the system's zone).
    public var timeZoneIdentifier: String
    /// The local time each day starts at (default 00:00).
    public var dayStart: DayTime
    /// The daily goal; nil means "any focus at all meets the day's goal".
    public var goal: Duration?
    /// Today's total at which each growth stage of the marimo is reached, ascending, starting
    /// at zero (default 0, 25 min, 1 h, 2 h, 4 h).
    public var growthThresholds: [Duration]

    /// The default thresholds: 5 stages at 0, 25 min, 1 h, 2 h and 4 h.
    public static let defaultGrowthThresholds: [Duration] = [.zero, .seconds(1500), .seconds(3600), .seconds(7200), .seconds(14_400)]

    /// Settings; the zone must be an IANA name (checked when a ``DayCalendar`` is made).
    public init(
        timeZoneIdentifier: String, dayStart: DayTime = .midnight, goal: Duration? = nil,
        growthThresholds: [Duration] = FocusSettings.defaultGrowthThresholds
    ) {
        self.timeZoneIdentifier = timeZoneIdentifier
        self.dayStart = dayStart
        self.goal = goal
        self.growthThresholds = growthThresholds
    }

    /// The calendar these settings count days with; throws for unknown zones and fixed offsets.
    public func calendar() throws(DayCalendarError) -> DayCalendar {
        try DayCalendar(timeZoneIdentifier: timeZoneIdentifier, dayStart: dayStart)
    }

    /// Whether a day with `total` focus counts for a streak: it reaches the goal, or without a
    /// goal, has any focus.
    public func meetsGoal(total: Duration) -> Bool {
        if let goal, goal > .zero { return total >= goal }
        return total > .zero
    }

    /// The growth stage (0-based) reached by `total` focus today.
    public func growthStage(for total: Duration) -> Int {
        max(0, growthThresholds.sorted().lastIndex(where: { total >= $0 }) ?? 0)
    }

    /// The name of a growth stage of the marimo, for people.
    public static func growthStageName(_ stage: Int) -> String {
        let names = ["spore", "sprout", "small marimo", "marimo", "big marimo"]
        return stage < names.count ? names[max(0, stage)] : "giant marimo"
    }
}

extension FocusSettings {
    private enum CodingKeys: String, CodingKey {
        case timeZoneIdentifier, dayStart, goalSeconds, growthThresholdsSeconds
    }

    /// Reads settings whose durations are numbers of seconds (`goalSeconds`, `growthThresholdsSeconds`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            timeZoneIdentifier: container.decode(String.self, forKey: .timeZoneIdentifier),
            dayStart: container.decode(DayTime.self, forKey: .dayStart),
            goal: container.decodeIfPresent(Double.self, forKey: .goalSeconds).map { try container.duration(seconds: $0, forKey: .goalSeconds) },
            growthThresholds: container.decode([Double].self, forKey: .growthThresholdsSeconds)
                .map { try container.duration(seconds: $0, forKey: .growthThresholdsSeconds) })
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeZoneIdentifier, forKey: .timeZoneIdentifier)
        try container.encode(dayStart, forKey: .dayStart)
        try container.encodeIfPresent(goal?.timeInterval, forKey: .goalSeconds)
        try container.encode(growthThresholds.map(\.timeInterval), forKey: .growthThresholdsSeconds)
    }
}
