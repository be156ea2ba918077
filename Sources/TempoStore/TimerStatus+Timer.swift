import Foundation
import TempoKit

extension TimerStatus {
    /// `timer` as it stands at `now` (UTC).
    public init(_ timer: TimerRecord, at now: Date) {
        self.init(id: timer.id, label: timer.label, countdown: timer.countdown, at: now)
    }

    /// Why a status document cannot be a timer.
    struct Unreadable: Error, CustomStringConvertible {
        /// What is wrong with it.
        let description: String
    }

    /// The timer this document describes, rebuilt as the server rebuilds it
    /// (``Countdown/init(duration:phase:)``): a finished one ran until `finished_at`. A new
    /// timer is created at its first start (`createdAt` while it has none).
    func timer(createdAt: Date) throws -> TimerRecord {
        guard let uuid = UUID(uuidString: id) else { throw Unreadable(description: "timer id '\(id)' is not a UUID") }
        guard let parsed = Countdown.State(rawValue: state) else { throw Unreadable(description: "timer state '\(state)' is unknown") }
        let phase: Countdown.Phase
        switch (parsed, startedAt, deadlineAt ?? finishedAt) {
        case (.idle, _, _): phase = .idle
        case (.running, let startedAt?, let deadline?), (.finished, let startedAt?, let deadline?):
            phase = .running(startedAt: startedAt, deadline: deadline)
        case (.paused, let startedAt?, _): phase = .paused(startedAt: startedAt, elapsed: try Self.duration(elapsedSeconds, "elapsed_s"))
        case (.cancelled, let startedAt?, _): phase = .cancelled(startedAt: startedAt, elapsed: try Self.duration(elapsedSeconds, "elapsed_s"))
        default:
            throw Unreadable(description: "a \(state) timer document lacks its started_at, deadline_at or finished_at")
        }
        let countdown = try Countdown(duration: Self.duration(durationSeconds, "duration_s"), phase: phase)
        return TimerRecord(id: uuid, label: label, createdAt: startedAt ?? createdAt, countdown: countdown)
    }

    private static func duration(_ seconds: Double, _ key: String) throws -> Duration {
        guard let duration = ValidRange.duration(seconds: seconds) else {
            throw Unreadable(description: "timer \(key) \(seconds) is not a duration from 0 s to 100 years")
        }
        return duration
    }
}
