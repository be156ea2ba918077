import Foundation
import TempoKit

/// `tempo timer list` for people, as both binaries print it: one row per timer, newest first.
package enum TimerListText {
    /// What the list says when there is no timer.
    package static let empty = "No timers yet. Start one with `tempo timer start 25m`."

    /// The table of `timers` (in the order given) as they stand at `now`, start times in `wallTime`'s zone.
    package static func table(_ timers: [(id: UUID, label: String?, countdown: Countdown)], at now: Date, wallTime: WallTime) -> String {
        Table(header: ["ID", "LABEL", "STATE", "REMAINING", "DURATION", "STARTED"], rows: timers.map { timer in
            let countdown = timer.countdown
            return [
                timer.id.shortText, timer.label ?? "", countdown.state(at: now).rawValue,
                ClockText.duration(countdown.remaining(at: now), rounding: .up),
                ClockText.duration(countdown.duration),
                countdown.stopwatch.startedAt.map { wallTime.describe($0, relativeTo: now) } ?? "",
            ]
        }).render()
    }
}
