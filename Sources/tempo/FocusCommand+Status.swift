import ArgumentParser
import Foundation
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus status [--json]`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "The running session and today's total, goal, streak and marimo.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let context = try FocusContext(global: global, access: .readOnly)
            let settings = try context.settings()
            let status = try context.database.focusStatus(settings: settings, now: context.now)
            if output.json {
                try JSONOutput.print(FocusStatusJSON(status))
            } else {
                print(FocusStatusText.lines(status).joined(separator: "\n"))
            }
        }
    }
}

/// `focus status --json`.
struct FocusStatusJSON: Encodable {
    let running: Bool
    let paused: Bool
    let sessionID: String?
    let tag: String?
    let startedAt: Date?
    let sessionS: Double
    let date: String
    let todayS: Double
    let goalS: Double?
    let goalProgress: Double?
    let streakDays: Int
    let growthStage: Int
    let growthStageName: String
    let tz: String
    let dayStart: String
    let clockWentBackwards: Bool

    init(_ status: FocusStatus) {
        running = status.isRunning
        paused = status.isPaused
        sessionID = status.session?.id.uuidString.lowercased()
        tag = status.session?.tag
        startedAt = status.session?.startedAt
        sessionS = status.sessionSeconds
        date = status.report.today.description
        todayS = status.report.todaySeconds
        goalS = status.report.goalSeconds
        goalProgress = status.report.goalProgress
        streakDays = status.report.streakDays
        growthStage = status.report.growthStage
        growthStageName = FocusSettings.growthStageName(status.report.growthStage)
        tz = status.report.settings.timeZoneIdentifier
        dayStart = status.report.settings.dayStart.description
        clockWentBackwards = status.session?.clockWentBackwards ?? false
    }

    enum CodingKeys: String, CodingKey {
        case running, paused, sessionID = "session_id", tag, startedAt = "started_at", sessionS = "session_s", date
        case todayS = "today_s", goalS = "goal_s", goalProgress = "goal_progress", streakDays = "streak_days"
        case growthStage = "growth_stage", growthStageName = "growth_stage_name", tz, dayStart = "day_start"
        case clockWentBackwards = "clock_went_backwards"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(running, forKey: .running)
        try container.encode(paused, forKey: .paused)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(tag, forKey: .tag)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(sessionS, forKey: .sessionS)
        try container.encode(date, forKey: .date)
        try container.encode(todayS, forKey: .todayS)
        try container.encode(goalS, forKey: .goalS)
        try container.encode(goalProgress, forKey: .goalProgress)
        try container.encode(streakDays, forKey: .streakDays)
        try container.encode(growthStage, forKey: .growthStage)
        try container.encode(growthStageName, forKey: .growthStageName)
        try container.encode(tz, forKey: .tz)
        try container.encode(dayStart, forKey: .dayStart)
        try container.encode(clockWentBackwards, forKey: .clockWentBackwards)
    }
}

/// The human form of a status, and the live line of `watch`.
enum FocusStatusText {
    static func lines(_ status: FocusStatus) -> [String] {
        let report = status.report
        var lines: [String] = []
        if let session = status.session {
            lines.append("\(status.isPaused ? "Paused" : "Running"): \(TerminalText.escaped(session.displayName)) \(ClockText.format(seconds: status.sessionSeconds))")
        } else {
            lines.append("No session running")
        }
        var today = "Today (\(report.today)): \(ClockText.format(seconds: report.todaySeconds))"
        if let goal = report.goalSeconds, let progress = report.goalProgress {
            today += " of \(ClockText.format(seconds: goal)) goal \(ProgressBar.render(min(1, progress))) \(Int((progress * 100).rounded(.down)))%"
        }
        lines.append(today)
        lines.append("Streak: \(report.streakDays) day\(report.streakDays == 1 ? "" : "s")")
        lines.append("Marimo: \(FocusSettings.growthStageName(report.growthStage)) (stage \(report.growthStage + 1) of \(report.settings.growthThresholdsSeconds.count))")
        return lines
    }

    static func liveLine(_ status: FocusStatus) -> String {
        let report = status.report
        let session = status.session.map { "\(status.isPaused ? "paused" : "focus") \(TerminalText.escaped($0.tag ?? "")) \(ClockText.format(seconds: status.sessionSeconds))" } ?? "idle"
        var line = "\(session) · today \(ClockText.format(seconds: report.todaySeconds))"
        if let progress = report.goalProgress { line += " \(ProgressBar.render(min(1, progress), width: 10)) \(Int((progress * 100).rounded(.down)))%" }
        return line + " · marimo: \(FocusSettings.growthStageName(report.growthStage))"
    }
}
