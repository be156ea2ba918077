import TempoKit

/// The human form of a status, and the live line of `watch`.
package enum FocusStatusText {
    package static func lines(_ status: FocusStatus) -> [String] {
        let report = status.report
        var lines: [String] = []
        if let session = status.session {
            lines.append("\(status.isPaused ? "Paused" : "Running"): \(TerminalText.escaped(session.displayName)) \(ClockText.duration(status.sessionElapsed))")
        } else {
            lines.append("No session running")
        }
        var today = "Today (\(report.today)): \(ClockText.duration(report.todayTotal))"
        if let goal = report.goal, let progress = report.goalProgress {
            today += " of \(ClockText.duration(goal)) goal \(ProgressBar.render(min(1, progress))) \(Int((progress * 100).rounded(.down)))%"
        }
        lines.append(today)
        lines.append("Streak: \(report.streakDays) day\(report.streakDays == 1 ? "" : "s")")
        lines.append("Marimo: \(FocusSettings.growthStageName(report.growthStage)) (stage \(report.growthStage + 1) of \(report.settings.growthThresholds.count))")
        return lines
    }

    package static func liveLine(_ status: FocusStatus) -> String {
        let report = status.report
        let session = status.session.map { "\(status.isPaused ? "paused" : "focus") \(TerminalText.escaped($0.tags.joined(separator: ", "))) \(ClockText.duration(status.sessionElapsed))" } ?? "idle"
        var line = "\(session) · today \(ClockText.duration(report.todayTotal))"
        if let progress = report.goalProgress { line += " \(ProgressBar.render(min(1, progress), width: 10)) \(Int((progress * 100).rounded(.down)))%" }
        return line + " · marimo: \(FocusSettings.growthStageName(report.growthStage))"
    }
}
