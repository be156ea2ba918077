import Foundation

extension Countdown {
    /// What a countdown was doing, told by the few instants a status document carries (the keys
    /// of `tempo timer status --json`): enough to give its status at every later instant.
    public enum Phase: Sendable, Equatable {
        /// Not started.
        case idle
        /// Running (or finished) since `startedAt`, reaching zero at `deadline`; time between them
        /// beyond the duration was spent paused.
        case running(startedAt: Date, deadline: Date)
        /// Paused after running `elapsedSeconds` in all.
        case paused(startedAt: Date, elapsedSeconds: Double)
        /// Cancelled after running `elapsedSeconds` in all.
        case cancelled(startedAt: Date, elapsedSeconds: Double)
    }

    /// The countdown of `durationSeconds` in `phase`, with the fewest segments that give the same
    /// status at every instant from the phase on: pauses before the current run are one gap right
    /// after the start.
    public init(durationSeconds: Double, phase: Phase) throws(CountdownError) {
        let segments: [Stopwatch.Segment]
        var stoppedAt: Date?
        switch phase {
        case .idle:
            try self.init(durationSeconds: durationSeconds)
            return
        case .running(let startedAt, let deadline):
            let runningSince = deadline.addingTimeInterval(-durationSeconds)
            segments = runningSince > startedAt
                ? [Stopwatch.Segment(start: startedAt, end: startedAt), Stopwatch.Segment(start: runningSince)]
                : [Stopwatch.Segment(start: startedAt)]
        case .paused(let startedAt, let elapsedSeconds):
            segments = [Stopwatch.Segment(start: startedAt, end: startedAt.addingTimeInterval(elapsedSeconds))]
        case .cancelled(let startedAt, let elapsedSeconds):
            let end = startedAt.addingTimeInterval(elapsedSeconds)
            segments = [Stopwatch.Segment(start: startedAt, end: end)]
            stoppedAt = end
        }
        let stopwatch: Stopwatch
        do { stopwatch = try Stopwatch(segments: segments, stoppedAt: stoppedAt) } catch { throw .stopwatch(error) }
        try self.init(durationSeconds: durationSeconds, stopwatch: stopwatch, cancelledAt: stoppedAt)
    }
}
