import Foundation

/// A timer as it stands at one instant: the document `tempo timer status --json` prints (and a
/// server returns). Keys are snake_case with units (`duration_s`, `started_at`); times
/// in seconds are rounded to the millisecond; absent values are `null`, not left out. Decoded
/// from a server's answer or change feed, it rebuilds the timer (see `TimerStatus+Timer`).
public struct TimerStatus: Sendable, Equatable, Codable {
    /// The full id, lowercase.
    public let id: String
    /// The timer's label, if it has one.
    public let label: String?
    /// `idle`, `running`, `paused`, `finished` or `cancelled` at the instant.
    public let state: String
    /// The countdown's length, seconds.
    public let durationSeconds: Double
    /// Running time so far, seconds.
    public let elapsedSeconds: Double
    /// Time left, seconds.
    public let remainingSeconds: Double
    /// When it was first started.
    public let startedAt: Date?
    /// When it reached zero (only once finished).
    public let finishedAt: Date?
    /// When it will reach zero (only while running).
    public let deadlineAt: Date?

    /// The timer `id`, labelled `label`, counting down `countdown`, as it stands at `now` (UTC).
    public init(id: UUID, label: String?, countdown: Countdown, at now: Date) {
        let state = countdown.state(at: now)
        self.id = id.uuidString.lowercased()
        self.label = label
        self.state = state.rawValue
        durationSeconds = countdown.duration.timeInterval
        elapsedSeconds = Self.milliseconds(countdown.elapsed(at: now).timeInterval)
        remainingSeconds = Self.milliseconds(countdown.remaining(at: now).timeInterval)
        startedAt = countdown.stopwatch.startedAt
        finishedAt = state == .finished ? countdown.finishedAt : nil
        deadlineAt = state == .running ? countdown.deadline : nil
    }

    enum CodingKeys: String, CodingKey {
        case id, label, state
        case durationSeconds = "duration_s", elapsedSeconds = "elapsed_s", remainingSeconds = "remaining_s"
        case startedAt = "started_at", finishedAt = "finished_at", deadlineAt = "deadline_at"
    }

    /// Written out by hand so that absent values are `null` (the synthesized form leaves them out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(state, forKey: .state)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(remainingSeconds, forKey: .remainingSeconds)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
        try container.encode(deadlineAt, forKey: .deadlineAt)
    }

    /// JSON shows time to the millisecond.
    private static let millisecondsPerSecond = 1000.0

    private static func milliseconds(_ seconds: Double) -> Double {
        (seconds * millisecondsPerSecond).rounded() / millisecondsPerSecond
    }
}
