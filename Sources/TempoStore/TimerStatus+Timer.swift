import Foundation
import TempoKit

extension TimerStatus {
    /// Why a status document cannot be a timer.
    struct Unreadable: Error, CustomStringConvertible {
        /// What is wrong with it.
        let description: String
    }

    /// The timer this document describes, with the fewest segments that give the same status at
    /// every instant (as the server rebuilds it): a running timer's pauses are one gap after
    /// `started_at` (it runs from `deadline_at` − `duration_s`), a paused or cancelled one ran
    /// `elapsed_s` from `started_at`, a finished one ran until `finished_at`. A new timer is
    /// created at its first start (`createdAt` while it has none).
    func timer(createdAt: Date) throws -> TimerRecord {
        guard let uuid = UUID(uuidString: id) else { throw Unreadable(description: "timer id '\(id)' is not a UUID") }
        guard let parsed = Countdown.State(rawValue: state) else { throw Unreadable(description: "timer state '\(state)' is unknown") }
        let segments: [Stopwatch.Segment]
        var stoppedAt: Date?
        switch (parsed, startedAt, deadlineAt ?? finishedAt) {
        case (.idle, _, _):
            segments = []
        case (.running, let startedAt?, let deadline?), (.finished, let startedAt?, let deadline?):
            let runningSince = deadline.addingTimeInterval(-durationSeconds)
            segments = runningSince > startedAt
                ? [Stopwatch.Segment(start: startedAt, end: startedAt), Stopwatch.Segment(start: runningSince)]
                : [Stopwatch.Segment(start: startedAt)]
        case (.paused, let startedAt?, _):
            segments = [Stopwatch.Segment(start: startedAt, end: startedAt.addingTimeInterval(elapsedSeconds))]
        case (.cancelled, let startedAt?, _):
            let end = startedAt.addingTimeInterval(elapsedSeconds)
            segments = [Stopwatch.Segment(start: startedAt, end: end)]
            stoppedAt = end
        default:
            throw Unreadable(description: "a \(state) timer document lacks its started_at, deadline_at or finished_at")
        }
        let countdown = try Countdown(durationSeconds: durationSeconds, stopwatch: try Stopwatch(segments: segments, stoppedAt: stoppedAt),
                                      cancelledAt: stoppedAt)
        return TimerRecord(id: uuid, label: label, createdAt: startedAt ?? createdAt, countdown: countdown)
    }
}
