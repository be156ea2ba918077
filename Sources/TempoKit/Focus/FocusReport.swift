import Foundation

/// Everything derived from a focus ledger at one instant: day, week, month and tag totals,
/// today's total, goal progress, streak and growth stage.
///
/// Made only by ``FocusLedger/report(settings:from:to:now:)``, so `status` and `report` can
/// never disagree. Days are logical days of ``FocusSettings`` (IANA zone, day start); seconds
/// are wall-clock seconds of focus.
public struct FocusReport: Sendable, Hashable {
    /// One logical day's total.
    public struct Day: Sendable, Hashable {
        /// The logical day.
        public let date: LocalDate
        /// Focus within the day.
        public var total: Duration { .seconds(totalSeconds) }
        /// The day's length (24 h; 23 h or 25 h on DST days).
        public var length: Duration { .seconds(lengthSeconds) }
        /// ``total`` as summed, in seconds (what documents and stored totals carry).
        package let totalSeconds: Double
        /// ``length`` in seconds.
        package let lengthSeconds: Double
        /// How many sessions have focus time within the day.
        public let sessionCount: Int
    }

    /// A total over a group of days or sessions (a week, a month, a tag).
    public struct Group: Sendable, Hashable {
        /// `2024-W13`, `2024-03`, or the tag (nil: untagged sessions).
        public let key: String?
        /// Focus in the group.
        public var total: Duration { .seconds(totalSeconds) }
        /// ``total`` as summed, in seconds.
        package let totalSeconds: Double
        /// The first and last logical day of the group that lie in the report's range.
        public let firstDay: LocalDate
        /// See ``firstDay``.
        public let lastDay: LocalDate
    }

    /// The settings the report was made with.
    public let settings: FocusSettings
    /// The instant the report describes.
    public let now: Date
    /// The logical day containing `now`.
    public let today: LocalDate
    /// The first and last day of the range (inclusive).
    public let from: LocalDate
    /// See ``from``.
    public let to: LocalDate
    /// Every day of the range, in order.
    public let days: [Day]
    /// Totals per tag over the range, largest first.
    public let tags: [Group]
    /// Focus over the range.
    public var total: Duration { .seconds(totalSeconds) }
    /// Focus today, the active session counted up to `now`.
    public var todayTotal: Duration { .seconds(todaySeconds) }
    /// ``total`` as summed, in seconds (what documents carry, exactly).
    package let totalSeconds: Double
    /// ``todayTotal`` as summed, in seconds.
    package let todaySeconds: Double
    /// Consecutive days meeting the goal, up to today if today meets it, else up to yesterday
    /// (today does not break a streak until it ends).
    public let streakDays: Int
    /// Whether the streak reaches the first day the ledger was asked about: a ledger holding
    /// only recent history must be widened to know the full streak.
    public let streakReachesHistoryStart: Bool
    /// The marimo's growth stage from today's total (0-based).
    public let growthStage: Int
    /// Sessions whose recorded instants show the wall clock went backwards, or whose time
    /// overlapped an earlier session's (counted once), by id.
    public let flaggedSessionIDs: [UUID]

    /// The daily goal, if one is set.
    public var goal: Duration? { settings.goal }

    /// Today's fraction of the goal (may exceed 1); nil without a goal.
    public var goalProgress: Double? {
        guard let goal = settings.goal, goal > .zero else { return nil }
        return todayTotal / goal
    }

    /// Totals per ISO week (Monday to Sunday, named `YYYY-Www`) over the range.
    public var weeks: [Group] {
        group { day in
            let thursday = day.adding(days: 4 - day.isoWeekday)
            let januaryFirst = (try? LocalDate(year: thursday.year, month: 1, day: 1))?.daysSinceEpoch ?? thursday.daysSinceEpoch
            let week = (thursday.daysSinceEpoch - januaryFirst) / 7 + 1
            return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
        }
    }

    /// Totals per calendar month (`YYYY-MM`) over the range.
    public var months: [Group] {
        group { day in String(day.description.prefix(7)) }
    }

    private func group(_ key: (LocalDate) -> String) -> [Group] {
        var groups: [Group] = []
        for day in days {
            let name = key(day.date)
            if let last = groups.last, last.key == name {
                groups[groups.count - 1] = Group(
                    key: name, totalSeconds: last.totalSeconds + day.totalSeconds, firstDay: last.firstDay, lastDay: day.date)
            } else {
                groups.append(Group(key: name, totalSeconds: day.totalSeconds, firstDay: day.date, lastDay: day.date))
            }
        }
        return groups
    }
}
