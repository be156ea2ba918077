import Foundation

/// The start instants of consecutive logical days, computed once for a range of days.
///
/// Equal to ``DayCalendar/start(of:)`` for every day, but cheaper: a day whose start keeps the
/// previous day's UTC offset costs one offset look-up; only days near a zone transition take
/// the full search in ``DayCalendar``.
public struct FocusDayGrid: Sendable {
    /// The first day of the grid.
    public let firstDay: LocalDate
    /// `startSeconds[i]` is the start of `firstDay + i`, in seconds since 1970 (UTC); one more
    /// entry than there are days, so day `i` is `[startSeconds[i], startSeconds[i + 1])`.
    public let startSeconds: [Double]

    /// The grid of days `firstDay ... lastDay` in `calendar`.
    public init(calendar: DayCalendar, firstDay: LocalDate, lastDay: LocalDate) {
        self.firstDay = firstDay
        let count = max(0, lastDay.daysSinceEpoch - firstDay.daysSinceEpoch + 1)
        var starts: [Double] = []
        starts.reserveCapacity(count + 1)
        let zone = calendar.timeZone
        let dayStartSeconds = Double(calendar.dayStart.secondsAfterMidnight)
        var first = calendar.start(of: firstDay)
        starts.append(first.timeIntervalSince1970)
        var offset = Double(zone.secondsFromGMT(for: first))
        for index in stride(from: 1, through: count, by: 1) {
            let day = firstDay.adding(days: index)
            let local = Double(day.daysSinceEpoch) * 86_400 + dayStartSeconds
            let guess = Date(timeIntervalSince1970: local - offset)
            if Double(zone.secondsFromGMT(for: guess)) == offset {
                // The offset of the previous start still holds: the local start time exists once.
                starts.append(guess.timeIntervalSince1970)
            } else {
                first = calendar.start(of: day)
                starts.append(first.timeIntervalSince1970)
                offset = Double(zone.secondsFromGMT(for: first))
            }
        }
        self.startSeconds = starts
    }

    /// The number of days in the grid.
    public var dayCount: Int { startSeconds.count - 1 }

    /// The day at `index`.
    public func day(at index: Int) -> LocalDate { firstDay.adding(days: index) }

    /// The length of the day at `index`, in seconds.
    public func lengthSeconds(at index: Int) -> Double { startSeconds[index + 1] - startSeconds[index] }
}
