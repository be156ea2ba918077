import Foundation
import HTTPTypes
import TempoKit

/// The body of `PUT /v1/timers/{id}`: a document with the keys `tempo timer status --json`
/// prints, checked for consistency before it is stored.
///
/// Keys by state (others may be absent or null; `id` and `remaining_s` are optional everywhere
/// and must agree when sent):
/// - `idle`: `duration_s`; no instants; `elapsed_s` 0 if sent.
/// - `running`: `started_at`, `deadline_at` ≥ `started_at` + `duration_s` (the difference is
///   the time spent paused); `elapsed_s` ≤ `duration_s` if sent (it changes with the client's
///   clock, so only `deadline_at` is kept).
/// - `paused`, `cancelled`: `started_at`, `elapsed_s` < `duration_s`.
/// - `finished`: `started_at`, `finished_at` ≥ `started_at` + `duration_s`; `elapsed_s` =
///   `duration_s` if sent.
struct TimerBody: StrictDecodable {
    /// The keys of `tempo timer status --json`.
    static let allowedKeys: Set<String> = [
        "id", "label", "state", "duration_s", "elapsed_s", "remaining_s", "started_at", "deadline_at", "finished_at",
    ]
    /// How far the seconds of a document may be from agreeing: `tempo timer status` rounds them to the millisecond.
    static let toleranceSeconds = 0.0015

    /// The timer's id; must be the path's if sent.
    let id: String?
    /// The label (null: none).
    let label: String?
    /// What the timer was doing when the document was made.
    let state: Countdown.State
    /// The countdown's length, seconds.
    let durationS: Double
    /// Seconds run when the document was made.
    let elapsedS: Double?
    /// Seconds left when the document was made.
    let remainingS: Double?
    /// When it first started.
    let startedAt: Date?
    /// When a running timer reaches zero.
    let deadlineAt: Date?
    /// When a finished timer reached zero.
    let finishedAt: Date?

    /// The document's keys.
    enum CodingKeys: String, CodingKey {
        case id, label, state
        case durationS = "duration_s", elapsedS = "elapsed_s", remainingS = "remaining_s"
        case startedAt = "started_at", deadlineAt = "deadline_at", finishedAt = "finished_at"
    }

    /// The timer this document describes, or a 400 naming the first field that does not fit.
    func timer(id pathID: UUID) throws -> ServerTimer {
        if let id, UUID(uuidString: id) != pathID {
            throw Self.invalid("id", "must be the id in the path, \(pathID.uuidString.lowercased())")
        }
        if let label, label.isEmpty { throw Self.invalid("label", "must not be empty (send null for no label)") }
        guard let duration = ValidRange.duration(seconds: durationS), duration > .zero else {
            throw Self.invalid("duration_s", "must be more than 0 and at most \(ValidRange.durations.upperBound.components.seconds)")
        }
        for (name, instant) in [("started_at", startedAt), ("deadline_at", deadlineAt), ("finished_at", finishedAt)] {
            guard let instant else { continue }
            do { try ValidRange.check(instant: instant, name) } catch { throw Self.invalid(name, error.description) }
        }
        for (name, seconds) in [("elapsed_s", elapsedS), ("remaining_s", remainingS)] {
            guard let seconds else { continue }
            guard seconds >= 0, seconds <= durationS + Self.toleranceSeconds else {
                throw Self.invalid(name, "must be between 0 and duration_s (\(durationS))")
            }
        }
        let timer = ServerTimer(label: label, durationSeconds: durationS, phase: try phase())
        if let elapsedS, let remainingS, abs(elapsedS + remainingS - durationS) > Self.toleranceSeconds {
            throw Self.invalid("remaining_s", "must be duration_s − elapsed_s (\(durationS - elapsedS))")
        }
        return timer
    }

    /// The phase the state and its instants describe.
    private func phase() throws -> ServerTimer.Phase {
        switch state {
        case .idle:
            try forbid(["started_at": startedAt, "deadline_at": deadlineAt, "finished_at": finishedAt])
            if let elapsedS, elapsedS > Self.toleranceSeconds { throw Self.invalid("elapsed_s", "must be 0 for an idle timer") }
            if let remainingS, abs(remainingS - durationS) > Self.toleranceSeconds {
                throw Self.invalid("remaining_s", "must be duration_s for an idle timer")
            }
            return .idle
        case .running:
            try forbid(["finished_at": finishedAt])
            let startedAt = try require("started_at", startedAt), deadlineAt = try require("deadline_at", deadlineAt)
            guard deadlineAt.timeIntervalSince(startedAt) >= durationS - Self.toleranceSeconds else {
                throw Self.invalid("deadline_at", "must be at least duration_s after started_at")
            }
            if let remainingS, remainingS > deadlineAt.timeIntervalSince(startedAt) + Self.toleranceSeconds {
                throw Self.invalid("remaining_s", "must be at most deadline_at − started_at")
            }
            return .running(startedAt: startedAt, deadline: deadlineAt)
        case .paused, .cancelled:
            try forbid(["deadline_at": deadlineAt, "finished_at": finishedAt])
            let startedAt = try require("started_at", startedAt), elapsedS = try require("elapsed_s", elapsedS)
            guard elapsedS < durationS else {
                throw Self.invalid("elapsed_s", "must be less than duration_s for a \(state.rawValue) timer (one with no time left is finished)")
            }
            return state == .paused
                ? .paused(startedAt: startedAt, elapsed: .seconds(elapsedS)) : .cancelled(startedAt: startedAt, elapsed: .seconds(elapsedS))
        case .finished:
            try forbid(["deadline_at": deadlineAt])
            let startedAt = try require("started_at", startedAt), finishedAt = try require("finished_at", finishedAt)
            guard finishedAt.timeIntervalSince(startedAt) >= durationS - Self.toleranceSeconds else {
                throw Self.invalid("finished_at", "must be at least duration_s after started_at")
            }
            if let elapsedS, abs(elapsedS - durationS) > Self.toleranceSeconds {
                throw Self.invalid("elapsed_s", "must be duration_s for a finished timer")
            }
            if let remainingS, remainingS > Self.toleranceSeconds { throw Self.invalid("remaining_s", "must be 0 for a finished timer") }
            return .running(startedAt: startedAt, deadline: finishedAt)
        }
    }

    private func require<T>(_ name: String, _ value: T?) throws -> T {
        guard let value else { throw APIError(.badRequest, "missing_field", "missing field \"\(name)\" (required for a \(state.rawValue) timer)") }
        return value
    }

    private func forbid(_ fields: KeyValuePairs<String, Date?>) throws {
        if let name = fields.first(where: { $0.value != nil })?.key {
            throw Self.invalid(name, "must be null for a \(state.rawValue) timer")
        }
    }

    private static func invalid(_ name: String, _ why: String) -> APIError {
        APIError(.badRequest, "invalid_field", "field \"\(name)\" \(why)")
    }
}
