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
        /// Paused after running `elapsed` in all.
        case paused(startedAt: Date, elapsed: Duration)
        /// Cancelled after running `elapsed` in all.
        case cancelled(startedAt: Date, elapsed: Duration)
    }

    /// The countdown of `duration` in `phase`, with the fewest segments that give the same
    /// status at every instant from the phase on: pauses before the current run are one gap right
    /// after the start.
    public init(duration: Duration, phase: Phase) throws(CountdownError) {
        let segments: [Stopwatch.Segment]
        var stoppedAt: Date?
        switch phase {
        case .idle:
            try self.init(duration: duration)
            return
        case .running(let startedAt, let deadline):
            let runningSince = deadline.adding(.zero - duration)
            segments = runningSince > startedAt
                ? [Stopwatch.Segment(start: startedAt, end: startedAt), Stopwatch.Segment(start: runningSince)]
                : [Stopwatch.Segment(start: startedAt)]
        case .paused(let startedAt, let elapsed):
            segments = [Stopwatch.Segment(start: startedAt, end: startedAt.adding(elapsed))]
        case .cancelled(let startedAt, let elapsed):
            let end = startedAt.adding(elapsed)
            segments = [Stopwatch.Segment(start: startedAt, end: end)]
            stoppedAt = end
        }
        let stopwatch: Stopwatch
        do { stopwatch = try Stopwatch(segments: segments, stoppedAt: stoppedAt) } catch { throw .stopwatch(error) }
        try self.init(duration: duration, stopwatch: stopwatch, cancelledAt: stoppedAt)
    }
}
