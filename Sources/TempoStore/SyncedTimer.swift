import Foundation
import TempoKit

/// What a timer's status documents say at every instant, independent of the instant: its label,
/// length, first start and the one value its phase needs, to the millisecond the documents
/// carry. Its digest says whether a timer changed since the server acknowledged it, and does not
/// change as a running timer counts down (nor when it reaches zero: a finished timer is a running
/// one past its deadline, as the server keeps it).
struct SyncedTimer: Encodable, Equatable {
    /// The full id, lowercase.
    let id: String
    /// The label, if any.
    let label: String?
    /// The countdown's length, milliseconds.
    let durationMs: Double
    /// `idle`, `running` (or finished), `paused` or `cancelled`.
    let phase: String
    /// When it first started, milliseconds since 1970 (nil while idle).
    let startedMs: Double?
    /// When it reaches (or reached) zero, milliseconds since 1970: running and finished timers.
    let deadlineMs: Double?
    /// Milliseconds run: paused and cancelled timers.
    let elapsedMs: Double?

    enum CodingKeys: String, CodingKey {
        case id, label, phase
        case durationMs = "duration_ms", startedMs = "started_ms", deadlineMs = "deadline_ms", elapsedMs = "elapsed_ms"
    }

    /// The instant-independent form of `timer`.
    init(_ timer: TimerRecord) {
        let countdown = timer.countdown
        id = timer.id.uuidString.lowercased()
        label = timer.label
        durationMs = Self.milliseconds(countdown.duration.timeInterval)
        startedMs = countdown.stopwatch.startedAt.map { Self.milliseconds($0.timeIntervalSince1970) }
        let finishedAt = countdown.finishedAt
        let ranOut = finishedAt.map { end in countdown.cancelledAt.map { end <= $0 } ?? true } ?? false
        if let finishedAt, ranOut {
            phase = Countdown.State.running.rawValue
            deadlineMs = Self.milliseconds(finishedAt.timeIntervalSince1970)
            elapsedMs = nil
        } else if let cancelledAt = countdown.cancelledAt {
            phase = Countdown.State.cancelled.rawValue
            deadlineMs = nil
            elapsedMs = Self.milliseconds(countdown.elapsed(at: cancelledAt).timeInterval)
        } else {
            switch countdown.stopwatch.state {
            case .idle:
                phase = Countdown.State.idle.rawValue
                deadlineMs = nil
                elapsedMs = nil
            case .paused, .running, .stopped:
                // Running timers ran out above (their finishedAt is the deadline).
                phase = countdown.stopwatch.state == .paused ? Countdown.State.paused.rawValue : Countdown.State.cancelled.rawValue
                deadlineMs = nil
                elapsedMs = Self.milliseconds(countdown.stopwatch.elapsed(at: .distantFuture).timeInterval)
            }
        }
    }

    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }
}
