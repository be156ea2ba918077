import Foundation

/// A stopwatch as stored instants: start, pauses, resumes and stop.
///
/// Elapsed time is always computed from the instants (`Σ closed intervals + open interval`),
/// never counted. Instants are wall-clock `Date`s supplied by the caller; the stopwatch never
/// reads a clock. An interval whose end lies before its start (the wall clock was set back)
/// counts as zero, so elapsed time is never negative and never decreases as `now` advances.
public struct Stopwatch: Sendable, Codable, Hashable {
    /// Where a stopwatch is in its life.
    public enum State: String, Sendable, Codable, Hashable {
        case idle, running, paused, stopped
    }

    /// One period during which the stopwatch ran; `end == nil` while it still runs.
    public struct Segment: Sendable, Codable, Hashable {
        public var start: Date
        public var end: Date?

        public init(start: Date, end: Date? = nil) {
            self.start = start
            self.end = end
        }

        /// The time this segment contributes at `now`; zero when the clock went backwards.
        public func duration(at now: Date) -> Duration {
            .seconds(seconds(at: now))
        }

        /// ``duration(at:)`` in seconds, for the run timer's constant-time reading.
        func seconds(at now: Date) -> TimeInterval {
            max(0, (end ?? now).timeIntervalSince(start))
        }
    }

    /// The running periods, oldest first. Only the last one may be open.
    public private(set) var segments: [Segment]
    /// When the stopwatch was stopped, if it was.
    public private(set) var stoppedAt: Date?

    /// A stopwatch that has not started.
    public init() {
        segments = []
        stoppedAt = nil
    }

    /// Rebuilds a stopwatch from stored segments, checking that they describe a valid history
    /// of instants in ``ValidRange/instants``.
    public init(segments: [Segment], stoppedAt: Date?) throws(StopwatchError) {
        for instant in segments.flatMap({ [$0.start, $0.end] }).compactMap({ $0 }) + [stoppedAt].compactMap({ $0 }) {
            do { try ValidRange.check(instant: instant, "an instant") } catch { throw .outOfRange(error) }
        }
        if segments.dropLast().contains(where: { $0.end == nil }) { throw .malformed }
        if stoppedAt != nil, segments.last?.end == nil { throw .malformed }
        if stoppedAt != nil, segments.isEmpty { throw .malformed }
        self.segments = segments
        self.stoppedAt = stoppedAt
    }

    /// The current state.
    public var state: State {
        if stoppedAt != nil { return .stopped }
        guard let last = segments.last else { return .idle }
        return last.end == nil ? .running : .paused
    }

    /// When the stopwatch first started, if it has.
    public var startedAt: Date? { segments.first?.start }

    /// Total running time at `now`: never negative, never decreasing in `now`.
    public func elapsed(at now: Date) -> Duration {
        var total = Duration.zero
        for segment in segments { total += segment.duration(at: now) }
        return total
    }

    /// Whether any recorded instant lies before the one recorded just before it,
    /// which means the wall clock was set back while the stopwatch was in use.
    public var wallClockWentBackwards: Bool {
        var previous = Date.distantPast
        for segment in segments {
            if segment.start < previous { return true }
            previous = segment.start
            if let end = segment.end {
                if end < previous { return true }
                previous = end
            }
        }
        if let stoppedAt, stoppedAt < previous { return true }
        return false
    }

    /// Starts an idle stopwatch.
    public mutating func start(at instant: Date) throws(StopwatchError) {
        guard state == .idle else { throw .invalidTransition(.start, from: state) }
        segments.append(Segment(start: instant))
    }

    /// Pauses a running stopwatch.
    public mutating func pause(at instant: Date) throws(StopwatchError) {
        guard state == .running else { throw .invalidTransition(.pause, from: state) }
        segments[segments.count - 1].end = instant
    }

    /// Resumes a paused stopwatch.
    public mutating func resume(at instant: Date) throws(StopwatchError) {
        guard state == .paused else { throw .invalidTransition(.resume, from: state) }
        segments.append(Segment(start: instant))
    }

    /// Stops a running or paused stopwatch for good.
    public mutating func stop(at instant: Date) throws(StopwatchError) {
        switch state {
        case .running:
            segments[segments.count - 1].end = instant
        case .paused:
            break
        case .idle, .stopped:
            throw .invalidTransition(.stop, from: state)
        }
        stoppedAt = instant
    }
}

/// Why a stopwatch refused an operation.
public enum StopwatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An operation on a stopwatch.
    public enum Action: String, Sendable { case start, pause, resume, stop }

    /// The operation is not allowed in the current state (pause when not running…).
    case invalidTransition(Action, from: Stopwatch.State)
    /// Stored segments do not describe a possible history.
    case malformed
    /// An instant outside ``ValidRange/instants``.
    case outOfRange(OutOfRange)

    public var description: String {
        switch self {
        case .invalidTransition(let action, let state):
            "cannot \(action.rawValue): it is \(state.rawValue)"
        case .malformed:
            "stored stopwatch segments are malformed"
        case .outOfRange(let error): error.description
        }
    }
}
