import Foundation

/// A heat map of daily totals: one column per ISO week, one row per weekday.
///
/// A day's level (0–4) is its fraction of the daily goal (of the busiest day without a goal).
/// `tempo focus calendar` prints it; `GET /v1/focus/calendar` serves its SVG to the dashboard.
public struct FocusHeatMap: Sendable {
    /// The report the map shows: one day per entry, from the Monday of the first week to today.
    public let report: FocusReport
    /// How many week columns the map has.
    public let weeks: Int

    /// The map of `report`, whose first day is ``firstDay(today:weeks:)``.
    public init(report: FocusReport, weeks: Int) {
        self.report = report
        self.weeks = weeks
    }

    /// The Monday that starts the first of `weeks` weeks ending with the one containing `today`.
    public static func firstDay(today: LocalDate, weeks: Int) -> LocalDate {
        today.adding(days: -(today.isoWeekday - 1) - 7 * (weeks - 1))
    }

    private var scale: Double {
        if let goal = report.goal, goal > .zero { return goal.timeInterval }
        return max(1, report.days.map(\.totalSeconds).max() ?? 1)
    }

    /// The level (0 none … 4 at or past the goal) of a day with `total` focus.
    public func level(_ total: Duration) -> Int {
        level(seconds: total.timeInterval)
    }

    private func level(seconds: Double) -> Int {
        guard seconds > 0 else { return 0 }
        return min(4, 1 + Int(seconds / scale * 3))
    }

    /// The day shown at (`week`, `weekday` 1…7), nil after today.
    private func day(week: Int, weekday: Int) -> FocusReport.Day? {
        let index = week * 7 + weekday - 1
        return index < report.days.count ? report.days[index] : nil
    }

    /// The map as text for a terminal, with ANSI colours when `colour`.
    public func text(colour: Bool) -> String {
        let glyphs = ["·", "░", "▒", "▓", "█"]
        let colours = ["\u{1B}[90m", "\u{1B}[38;5;151m", "\u{1B}[38;5;114m", "\u{1B}[38;5;71m", "\u{1B}[38;5;28m"]
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var lines = ["Focus \(report.from) to \(report.to) (\(report.settings.timeZoneIdentifier))"]
        for weekday in 1...7 {
            var line = names[weekday - 1] + " "
            for week in 0..<weeks {
                guard let day = day(week: week, weekday: weekday) else { line += "  "; continue }
                let level = level(seconds: day.totalSeconds)
                line += colour ? colours[level] + glyphs[level] + "\u{1B}[0m " : glyphs[level] + " "
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        lines.append("less · ░ ▒ ▓ █ more (goal \(report.goal.map { ClockText.duration($0) } ?? "none")); total \(ClockText.duration(seconds: report.totalSeconds))")
        return lines.joined(separator: "\n")
    }

    /// The heat map as an SVG image: weekday labels, a month label over the week where each month
    /// begins, one square per day (its date and total in `data-` attributes and a tooltip), and a
    /// legend of the five levels with the goal they are measured against.
    public func svg() -> String {
        let cell = 12, gap = 3, left = 30, top = 20, legendHeight = 24
        let fills = ["#ebedf0", "#c6e48b", "#7bc96f", "#239a3b", "#196127"]
        let width = max(left + weeks * (cell + gap), 240), grid = top + 7 * (cell + gap)
        let height = grid + legendHeight
        var parts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" font-family="sans-serif" font-size="9">"#,
            #"<title>Focus \#(report.from) to \#(report.to) (\#(report.settings.timeZoneIdentifier))</title>"#,
        ]
        for (week, month) in monthLabels() {
            parts.append(#"<text class="month" x="\#(left + week * (cell + gap))" y="\#(top - 6)">\#(month)</text>"#)
        }
        for (row, name) in ["Mon", "Wed", "Fri"].enumerated() {
            parts.append(#"<text class="weekday" x="0" y="\#(top + (row * 2) * (cell + gap) + cell - 2)">\#(name)</text>"#)
        }
        for week in 0..<weeks {
            for weekday in 1...7 {
                guard let day = day(week: week, weekday: weekday) else { continue }
                let x = left + week * (cell + gap), y = top + (weekday - 1) * (cell + gap)
                parts.append(#"<rect x="\#(x)" y="\#(y)" width="\#(cell)" height="\#(cell)" rx="2" fill="\#(fills[level(seconds: day.totalSeconds)])" data-date="\#(day.date)" data-total-s="\#(Int(day.totalSeconds))"><title>\#(day.date): \#(ClockText.duration(seconds: day.totalSeconds))</title></rect>"#)
            }
        }
        let legendY = grid + 6
        parts.append(#"<g class="legend">"#)
        parts.append(#"<text x="\#(left)" y="\#(legendY + cell - 3)">Less</text>"#)
        for (level, fill) in fills.enumerated() {
            parts.append(#"<rect x="\#(left + 24 + level * (cell + gap))" y="\#(legendY)" width="\#(cell)" height="\#(cell)" rx="2" fill="\#(fill)" data-level="\#(level)"/>"#)
        }
        let goal = report.goal.map { "goal \(ClockText.duration($0))" } ?? "busiest day \(ClockText.duration(seconds: scale))"
        parts.append(#"<text x="\#(left + 28 + 5 * (cell + gap))" y="\#(legendY + cell - 3)">More (of \#(goal))</text>"#)
        parts.append("</g>")
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The week columns that start a month (the Monday's month differs from the column before),
    /// with the month's short name; the first column is labelled only when the next label is
    /// at least three columns away, so labels never overlap.
    func monthLabels() -> [(week: Int, month: String)] {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var labels: [(week: Int, month: String)] = []
        var previous: Int?
        for week in 0..<weeks {
            guard let monday = day(week: week, weekday: 1)?.date else { continue }
            if monday.month != previous { labels.append((week, names[monday.month - 1])) }
            previous = monday.month
        }
        if labels.count > 1, labels[0].week == 0, labels[1].week < 3 { labels.removeFirst() }
        return labels
    }
}
