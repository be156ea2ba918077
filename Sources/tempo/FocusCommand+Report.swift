import ArgumentParser
import Foundation
import TempoKit
import TempoStore
import TempoToolCore

extension FocusCommand {
    /// `focus report`.
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Totals per day, week, month or tag.",
            discussion: """
                JSON lists every day of the range (days without focus too), each with its length (82800/90000 s on DST days). \
                With --by tag a session counts under each of its tags, so tag totals can add up to more than the total.
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: "First day, YYYY-MM-DD (default: the first day with focus).") var from: String?
        @Option(help: "Last day, YYYY-MM-DD (default: today).") var to: String?
        @Option(help: "day, week, month or tag.") var by: FocusReport.Grouping = .day
        @Option(help: "An IANA zone to count days in instead of the configured one.") var tz: String?
        @Option(name: .customLong("day-start"), help: "HH:MM at which days start instead of the configured time.") var dayStart: String?
        @Option(help: "Only sessions with this tag.") var tag: String?
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            var settings = try context.settings()
            if let tz { settings.timeZoneIdentifier = try FocusContext.zoneIdentifier(tz) }
            if let dayStart { settings.dayStart = try DayTime(parsing: dayStart) }
            let fromDate = try from.map { try LocalDate(parsing: $0) }
            let toDate = try to.map { try LocalDate(parsing: $0) }
            if let fromDate, let toDate, toDate < fromDate {
                throw ValidationError("--to \(toDate) is before --from \(fromDate)")
            }
            let calendar = try settings.calendar()
            // Load only what can fall in the range (a day is at most ~27 h from its name's midnight).
            let loadFrom = fromDate.map { calendar.start(of: $0).addingTimeInterval(-86_400) }
            let loadTo = toDate.map { calendar.start(of: $0.adding(days: 2)) }
            let ledger = try context.database.focusLedger(from: loadFrom, to: loadTo).filtered(tag: tag)
            let report = try ledger.report(settings: settings, from: fromDate, to: toDate, now: context.now)
            if output.json {
                try JSONOutput.print(FocusReport.Document(report, grouping: by))
            } else {
                print(FocusReportTable.render(report, grouping: by))
            }
        }
    }
}

/// `focus report` for people: an aligned table.
enum FocusReportTable {
    static func render(_ report: FocusReport, grouping: FocusReport.Grouping) -> String {
        var rows: [[String]] = []
        let header: [String]
        switch grouping {
        case .day:
            header = ["date", "total", "sessions", "day length"]
            for day in report.days where day.total > .zero || day.length != .seconds(86_400) {
                rows.append([day.date.description, ClockText.duration(day.total), String(day.sessionCount),
                             day.length == .seconds(86_400) ? "" : "\(day.length.components.seconds / 3600)h"])
            }
        case .week, .month, .tag:
            header = [grouping.rawValue, "total"]
            let groups = grouping == .week ? report.weeks : grouping == .month ? report.months : report.tags
            for group in groups where group.total > .zero {
                rows.append([TerminalText.escaped(group.key ?? "(no tag)"), ClockText.duration(group.total)])
            }
        }
        rows.append(["total", ClockText.duration(report.total)] + Array(repeating: "", count: header.count - 2))
        var lines = ["Focus \(report.from) to \(report.to) · \(report.settings.timeZoneIdentifier), days start \(report.settings.dayStart)"]
        lines += table([header] + rows)
        if !report.flaggedSessionIDs.isEmpty {
            lines.append("\(report.flaggedSessionIDs.count) session(s) flagged: the wall clock went backwards; backwards time counts zero")
        }
        return lines.joined(separator: "\n")
    }

    static func table(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    /// The string without trailing spaces (table rows end at their last non-empty cell).
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}

extension FocusReport.Grouping: ExpressibleByArgument {}
