import Foundation

/// A run's timer: its stopwatch, read in constant time at every fix however many pauses came
/// before (a file of thousands of segments is a run of thousands of pauses).
struct RunTimer: Sendable {
    /// Start, pauses and stop as instants.
    private(set) var stopwatch = Stopwatch()
    /// The closed segments' seconds, summed oldest first.
    private var closedSeconds = 0.0
    /// The open segment's start while the timer runs.
    private var openStart: Date?

    mutating func start(at now: Date) throws(StopwatchError) {
        try stopwatch.start(at: now)
        openStart = now
    }

    mutating func pause(at now: Date) throws(StopwatchError) {
        try stopwatch.pause(at: now)
        closeOpenSegment()
    }

    mutating func resume(at now: Date) throws(StopwatchError) {
        try stopwatch.resume(at: now)
        openStart = now
    }

    mutating func stop(at now: Date) throws(StopwatchError) {
        let wasRunning = stopwatch.state == .running
        try stopwatch.stop(at: now)
        if wasRunning { closeOpenSegment() }
    }

    /// Seconds the timer has run by `now` (`stopwatch.elapsed(at: now)` in seconds).
    func seconds(at now: Date) -> Double {
        guard let openStart else { return closedSeconds }
        return closedSeconds + Stopwatch.Segment(start: openStart).seconds(at: now)
    }

    private mutating func closeOpenSegment() {
        if let closed = stopwatch.segments.last, let end = closed.end { closedSeconds += closed.seconds(at: end) }
        openStart = nil
    }
}
