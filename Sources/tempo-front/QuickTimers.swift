import Foundation
import TempoKit

/// `timer list` from a store, read as TempoStore's `timers()` reads it: every timer, newest
/// first (then by id), each with its segments in order.
enum QuickTimers {
    typealias Timer = (id: UUID, label: String?, countdown: Countdown)

    static func list(_ store: QuickStore?) throws(PassOn) -> [Timer] {
        guard let store else { return [] }
        var timers: [Timer] = []
        var current: (id: UUID, label: String?, durationSeconds: Double, stoppedAt: Double?, cancelledAt: Double?)?
        var segments: [Stopwatch.Segment] = []
        func flush() throws(PassOn) {
            guard let current else { return }
            do {
                let stopwatch = try Stopwatch(segments: segments, stoppedAt: current.stoppedAt.map(Date.init(timeIntervalSince1970:)))
                guard let duration = ValidRange.duration(seconds: current.durationSeconds) else { throw CountdownError.invalidDuration }
                let countdown = try Countdown(duration: duration, stopwatch: stopwatch, cancelledAt: current.cancelledAt.map(Date.init(timeIntervalSince1970:)))
                timers.append((current.id, current.label, countdown))
            } catch {
                throw PassOn("a stored timer is not a countdown")
            }
        }
        try store.rows("""
            SELECT t.id, t.label, t.duration_s, t.stopped_at, t.cancelled_at, g.start_at, g.end_at
            FROM timer t LEFT JOIN timer_segment g ON g.timer_id = t.id
            ORDER BY t.created_at DESC, t.id, g.seq
            """) { row throws(PassOn) in
            guard let text = row.text(0), let id = UUID(storedText: text), let durationSeconds = row.double(2) else {
                throw PassOn("a stored timer's id or duration is unreadable")
            }
            if id != current?.id {
                try flush()
                current = (id, row.text(1), durationSeconds, row.double(3), row.double(4))
                segments = []
            }
            if let start = row.double(5) {
                segments.append(Stopwatch.Segment(start: Date(timeIntervalSince1970: start), end: row.double(6).map(Date.init(timeIntervalSince1970:))))
            }
        }
        try flush()
        return timers
    }
}
