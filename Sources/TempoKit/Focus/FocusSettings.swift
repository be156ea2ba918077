import Foundation

/// How focus time is bucketed and judged: time zone, day start, daily goal, growth thresholds.
///
/// Changing the zone or the day start re-buckets history; it changes no session.
public struct FocusSettings: Sendable, Hashable, Codable {
    /// The IANA zone days are counted in (the CLI defaults it to the system's zone).
    public var timeZoneIdentifier: String
    /// The local time each day starts at (default 00:00).
    public var dayStart: DayTime
    /// The daily goal in seconds; nil means "any focus at all meets the day's goal".
    public var goalSeconds: TimeInterval?
    /// Today's total, in seconds, at which each growth stage of the marimo is reached,
    /// ascending, starting at 0 (default 0, 25 min, 1 h, 2 h, 4 h).
    public var growthThresholdsSeconds: [TimeInterval]

    /// The default thresholds: 5 stages at 0, 25 min, 1 h, 2 h and 4 h.
    public static let defaultGrowthThresholdsSeconds: [TimeInterval] = [0, 1500, 3600, 7200, 14_400]

    /// Settings; the zone must be an IANA name (checked when a ``DayCalendar`` is made).
    public init(
        timeZoneIdentifier: String, dayStart: DayTime = .midnight, goalSeconds: TimeInterval? = nil,
        growthThresholdsSeconds: [TimeInterval] = FocusSettings.defaultGrowthThresholdsSeconds
    ) {
        self.timeZoneIdentifier = timeZoneIdentifier
        self.dayStart = dayStart
        self.goalSeconds = goalSeconds
        self.growthThresholdsSeconds = growthThresholdsSeconds
    }

    /// The calendar these settings count days with; throws for unknown zones and fixed offsets.
    public func calendar() throws(DayCalendarError) -> DayCalendar {
        try DayCalendar(timeZoneIdentifier: timeZoneIdentifier, dayStart: dayStart)
    }

    /// Whether a day with `totalSeconds` of focus counts for a streak: it reaches the goal, or
    /// without a goal, has any focus.
    public func meetsGoal(totalSeconds: TimeInterval) -> Bool {
        if let goal = goalSeconds, goal > 0 { return totalSeconds >= goal }
        return totalSeconds > 0
    }

    /// The growth stage (0-based) reached by `seconds` of focus today.
    public func growthStage(forSeconds seconds: TimeInterval) -> Int {
        max(0, growthThresholdsSeconds.sorted().lastIndex(where: { seconds >= $0 }) ?? 0)
    }

    /// The name of a growth stage of the marimo, for people.
    public static func growthStageName(_ stage: Int) -> String {
        let names = ["spore", "sprout", "small marimo", "marimo", "big marimo"]
        return stage < names.count ? names[max(0, stage)] : "giant marimo"
    }
}
