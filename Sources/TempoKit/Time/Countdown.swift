import Foundation

/// A countdown: a duration measured by a ``Stopwatch``.
///
/// Everything is derived from stored instants: `remaining = duration − elapsed`, and pausing
/// shifts the deadline. A countdown observed long after it ran out reports the instant it
/// actually reached zero as ``finishedAt``.
public struct Countdown: Sendable, Codable, Hashable {
    /// What a countdown is doing at a given instant.
    public enum State: String, Sendable, Codable, Hashable, CaseIterable {
        case idle, running, paused, finished, cancelled
    }

    /// The full length of the countdown (positive).
    public let duration: Duration
    /// The running periods.
    public private(set) var stopwatch: Stopwatch
    /// When it was cancelled, if it was.
    public private(set) var cancelledAt: Date?

    /// A countdown of `duration` that has not started; `duration` must be positive and at most
    /// ``ValidRange/durations``' end (100 years).
    public init(duration: Duration) throws(CountdownError) {
        guard duration > .zero, ValidRange.durations.contains(duration) else { throw .invalidDuration }
        self.duration = duration
        self.stopwatch = Stopwatch()
        self.cancelledAt = nil
    }

    /// Rebuilds a stored countdown.
    public init(duration: Duration, stopwatch: Stopwatch, cancelledAt: Date?) throws(CountdownError) {
        try self.init(duration: duration)
        self.stopwatch = stopwatch
        self.cancelledAt = cancelledAt
    }

    /// The state at `now`. A countdown whose time ran out is `finished` from its deadline on,
    /// whether or not anything observed it then.
    public func state(at now: Date) -> State {
        if let finishedAt, finishedAt <= now, cancelledAt.map({ finishedAt <= $0 }) ?? true { return .finished }
        if cancelledAt != nil { return .cancelled }
        switch stopwatch.state {
        case .idle: return .idle
        case .running: return .running
        case .paused: return .paused
        case .stopped: return .cancelled
        }
    }

    /// The time run at `now`, never more than the duration.
    public func elapsed(at now: Date) -> Duration {
        min(duration, stopwatch.elapsed(at: limit(now)))
    }

    /// The time left at `now`, between zero and the duration.
    public func remaining(at now: Date) -> Duration {
        duration - elapsed(at: now)
    }

    /// The fraction done at `now`, from 0 to 1.
    public func progress(at now: Date) -> Double {
        elapsed(at: now) / duration
    }

    /// When the remaining time reaches zero if nothing changes: `nil` unless running.
    public var deadline: Date? {
        guard cancelledAt == nil, stopwatch.state == .running, let open = stopwatch.segments.last else { return nil }
        let before = stopwatch.segments.dropLast().reduce(Duration.zero) { $0 + $1.duration(at: open.start) }
        return open.start.adding(max(.zero, duration - before))
    }

    /// The instant the remaining time reached zero, if it has or will without further action
    /// (that is, the deadline of a running countdown). Compare with `now` to know which.
    public var finishedAt: Date? {
        var total = Duration.zero
        for segment in stopwatch.segments {
            guard let end = segment.end else { return deadline }
            let length = segment.duration(at: end)
            if total + length >= duration {
                return segment.start.adding(duration - total)
            }
            total += length
        }
        return nil
    }

    /// Starts the countdown.
    public mutating func start(at now: Date) throws(CountdownError) {
        do { try stopwatch.start(at: now) } catch { throw .stopwatch(error) }
    }

    /// Pauses a running countdown; a countdown that already ran out cannot be paused.
    public mutating func pause(at now: Date) throws(CountdownError) {
        try requireActive(at: now)
        do { try stopwatch.pause(at: now) } catch { throw .stopwatch(error) }
    }

    /// Resumes a paused countdown.
    public mutating func resume(at now: Date) throws(CountdownError) {
        try requireActive(at: now)
        do { try stopwatch.resume(at: now) } catch { throw .stopwatch(error) }
    }

    /// Cancels a countdown that is running or paused.
    public mutating func cancel(at now: Date) throws(CountdownError) {
        try requireActive(at: now)
        if stopwatch.state == .idle { throw .notStarted }
        do { try stopwatch.stop(at: now) } catch { throw .stopwatch(error) }
        cancelledAt = now
    }

    private func requireActive(at now: Date) throws(CountdownError) {
        switch state(at: now) {
        case .finished: throw .finished
        case .cancelled: throw .cancelled
        case .idle, .running, .paused: break
        }
    }

    /// Instants after the countdown ended (finished or cancelled) do not add elapsed time.
    private func limit(_ now: Date) -> Date {
        if let cancelledAt, cancelledAt < now { return cancelledAt }
        return now
    }
}

extension Countdown {
    private enum CodingKeys: String, CodingKey { case durationSeconds, stopwatch, cancelledAt }

    /// Reads a countdown stored as `durationSeconds` (a number), `stopwatch` and `cancelledAt`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let duration = try container.decodeDuration(secondsForKey: .durationSeconds)
        guard duration > .zero else {
            throw DecodingError.dataCorruptedError(
                forKey: .durationSeconds, in: container, debugDescription: CountdownError.invalidDuration.description)
        }
        try self.init(
            duration: duration, stopwatch: container.decode(Stopwatch.self, forKey: .stopwatch),
            cancelledAt: container.decodeIfPresent(Date.self, forKey: .cancelledAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(duration.timeInterval, forKey: .durationSeconds)
        try container.encode(stopwatch, forKey: .stopwatch)
        try container.encodeIfPresent(cancelledAt, forKey: .cancelledAt)
    }
}

/// Why a countdown refused an operation.
public enum CountdownError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidDuration
    case notStarted
    case finished
    case cancelled
    case stopwatch(StopwatchError)

    public var description: String {
        switch self {
        case .invalidDuration: "the duration must be more than 0 s and at most 100 years"
        case .notStarted: "the countdown has not started"
        case .finished: "the countdown has already finished"
        case .cancelled: "the countdown was cancelled"
        case .stopwatch(let error): error.description
        }
    }
}
