import Foundation
import TempoKit

/// Focus sessions as an iCalendar file (RFC 5545): one VEVENT per session.
///
/// Each event has a UID from the session's id (stable across exports, so a calendar that
/// imports the file again updates instead of duplicating), DTSTAMP (the export's instant),
/// DTSTART and DTEND in UTC (the session's first and last instants; an active session ends at
/// `now`), SUMMARY from its tags (`Focus` when it has none), CATEGORIES with each tag, and a
/// DESCRIPTION with the focused time (pauses left out). Lines end in CRLF and are folded at 75
/// octets without splitting a UTF-8 character.
public enum FocusICS {
    /// The longest content line, in octets, before folding (RFC 5545 §3.1).
    static let lineOctets = 75

    /// The calendar of `sessions` at `now`.
    public static func calendar(_ sessions: [FocusSession], now: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tempo//focus export//EN", "CALSCALE:GREGORIAN"]
        for session in sessions {
            guard let start = session.startedAt else { continue }
            lines += [
                "BEGIN:VEVENT",
                "UID:\(session.id.uuidString.lowercased())@tempo",
                "DTSTAMP:\(stamp(now))",
                "DTSTART:\(stamp(start))",
                "DTEND:\(stamp(max(start, session.lastInstant(at: now))))",
                "SUMMARY:\(text(session.tags.isEmpty ? "Focus" : session.tags.joined(separator: ", ")))",
            ]
            if !session.tags.isEmpty { lines.append("CATEGORIES:" + session.tags.map(text).joined(separator: ",")) }
            lines.append("DESCRIPTION:" + text("Focused \(ClockText.format(session.duration(at: now)))"))
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `20261120T090000Z`: a UTC date-time (RFC 5545 §3.3.5, form #2), whole seconds.
    static func stamp(_ date: Date) -> String {
        let iso = ISO8601Time.format(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        return String(iso.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
    }

    /// A TEXT value with `\`, `;`, `,` and newlines escaped (RFC 5545 §3.3.11).
    static func text(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `line` folded: after every 75 octets (74 on continuation lines, which start with a
    /// space), a CRLF and a space, never inside a UTF-8 character.
    static func folded(_ line: String) -> String {
        var pieces: [String] = []
        var current = "", octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? lineOctets : lineOctets - 1
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }
}
