import Foundation
import TempoKit
import TempoToolCore

/// One session as `focus log` shows it to people: local times in the focus zone.
struct FocusLogLine {
    /// The short id (first eight hex digits).
    let id: String
    /// The local start, with its date.
    let start: String
    /// The local end (its date only when it differs from the start's), or `(running)`/`(paused)`.
    let end: String
    /// The focused time, pauses left out.
    let duration: String
    /// The tags, comma-separated, escaped for the terminal.
    let tags: String

    /// The line of `session` at `now`; the end omits its date when on the start's local date.
    init(session: FocusSession, zone: TimeZone, now: Date) {
        id = session.shortID
        let startDate = session.startedAt ?? now
        start = Self.local(startDate, zone: zone, withDate: true)
        if let stopped = session.stoppedAt {
            let sameDay = Self.local(stopped, zone: zone, withDate: true).prefix(10) == start.prefix(10)
            end = Self.local(stopped, zone: zone, withDate: !sameDay)
        } else {
            end = session.stopwatch.state == .paused ? "(paused)" : "(running)"
        }
        duration = ClockText.duration(session.duration(at: now))
        tags = TerminalText.escaped(session.tags.joined(separator: ", "))
    }

    /// The table cells.
    var cells: [String] { [id, start, end, duration, tags] }

    /// `2026-11-20 09:00:00` or `09:00:00` in `zone`.
    static func local(_ date: Date, zone: TimeZone, withDate: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let time = String(format: "%02d:%02d:%02d", p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
        return withDate ? String(format: "%04d-%02d-%02d ", p.year ?? 0, p.month ?? 0, p.day ?? 0) + time : time
    }
}
