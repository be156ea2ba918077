import Foundation

/// A run's sport over time: the changes in time order, each taking effect at its instant.
///
/// One rule for recording and for reporting: a fix taken at `t` is recorded with the sport of
/// the last change at or before `t` (the run's own sport before the first change), and a part
/// of the run begins at every change that falls inside it.
public struct SportTimeline: Sendable, Hashable {
    /// The changes sorted by instant (two at the same instant keep their order: the later one holds).
    public let changes: [SportChange]
    /// The first change not yet applied to the recorder.
    private var next = 0

    /// A timeline of `changes`, in any order.
    public init(_ changes: [SportChange]) {
        self.changes = changes.enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
    }

    /// Before a fix taken at `time` (UTC) is ingested: gives `recorder` the sport of the last
    /// change at or before `time` that it has not been given yet (and only if it differs from the
    /// recorder's sport, so the prior is not disturbed by a repeat).
    public mutating func advance(to time: Date, recorder: inout RunRecorder) {
        var latest: SportChange?
        while next < changes.count, changes[next].at <= time {
            latest = changes[next]
            next += 1
        }
        if let latest, latest.sport != recorder.sport { recorder.setSport(latest.sport) }
    }

    /// Where the sport takes each value between `start` and `end` (UTC): the first part begins at
    /// `start` with the sport of the last change at or before it (`initial` without one), and a
    /// new part at each later change up to `end` that names a different sport.
    public func parts(from start: Date, to end: Date, initial: Sport?) -> [SportChange] {
        var current = changes.last { $0.at <= start }?.sport ?? initial
        var result = [SportChange(at: start, sport: current)]
        for change in changes where change.at > start && change.at <= end && change.sport != current {
            current = change.sport
            result.append(change)
        }
        return result
    }
}
