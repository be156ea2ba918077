import Foundation

extension FocusReport {
    /// How a report's days are summed up besides the days themselves.
    public enum Grouping: String, Sendable, CaseIterable {
        case day, week, month, tag
    }

    /// The document of `tempo focus report --json` and the server's `GET /v1/focus/report`: one
    /// definition of its keys for both. Every day of the range is listed (days without focus too),
    /// each with its length in seconds (82,800 or 90,000 on a DST day).
    public struct Document: Encodable, Sendable {
        struct Day: Encodable, Sendable {
            let date: String
            let totalS: Double
            let dayLengthS: Double
            let sessions: Int
            enum CodingKeys: String, CodingKey { case date, totalS = "total_s", dayLengthS = "day_length_s", sessions }
        }

        struct Group: Encodable, Sendable {
            let key: String?
            let totalS: Double
            let from: String
            let to: String
            enum CodingKeys: String, CodingKey { case key, totalS = "total_s", from, to }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(key, forKey: .key)
                try container.encode(totalS, forKey: .totalS)
                try container.encode(from, forKey: .from)
                try container.encode(to, forKey: .to)
            }
        }

        let tz: String
        let dayStart: String
        let from: String
        let to: String
        let by: String
        let days: [Day]
        let groups: [Group]?
        let totalS: Double
        let todayS: Double
        let flaggedSessions: [String]

        enum CodingKeys: String, CodingKey {
            case tz, dayStart = "day_start", from, to, by, days, groups, totalS = "total_s", todayS = "today_s"
            case flaggedSessions = "flagged_sessions"
        }

        /// The document of `report`, with its groups of `grouping` (none for `.day`).
        public init(_ report: FocusReport, grouping: Grouping) {
            tz = report.settings.timeZoneIdentifier
            dayStart = report.settings.dayStart.description
            from = report.from.description
            to = report.to.description
            by = grouping.rawValue
            days = report.days.map { Day(date: $0.date.description, totalS: $0.totalSeconds, dayLengthS: $0.lengthSeconds, sessions: $0.sessionCount) }
            let groups: [FocusReport.Group]? = switch grouping {
            case .day: nil
            case .week: report.weeks
            case .month: report.months
            case .tag: report.tags
            }
            self.groups = groups?.map { Group(key: $0.key, totalS: $0.totalSeconds, from: $0.firstDay.description, to: $0.lastDay.description) }
            totalS = report.totalSeconds
            todayS = report.todaySeconds
            flaggedSessions = report.flaggedSessionIDs.map { $0.uuidString.lowercased() }
        }
    }
}
