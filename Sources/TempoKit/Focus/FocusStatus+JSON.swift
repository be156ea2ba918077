import Foundation

/// The document of `tempo focus status --json` and the server's `GET /v1/focus/status`: one
/// definition of its keys for both.
extension FocusStatus: Encodable {
    private enum CodingKeys: String, CodingKey {
        case running, paused, sessionID = "session_id", tag, tags, startedAt = "started_at", sessionS = "session_s", date
        case todayS = "today_s", goalS = "goal_s", goalProgress = "goal_progress", streakDays = "streak_days"
        case growthStage = "growth_stage", growthStageName = "growth_stage_name", tz, dayStart = "day_start"
        case clockWentBackwards = "clock_went_backwards"
    }

    /// Encodes every key, absent values as `null`; instants as the encoder's date strategy says.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isRunning, forKey: .running)
        try container.encode(isPaused, forKey: .paused)
        try container.encode(session?.id.uuidString.lowercased(), forKey: .sessionID)
        try container.encode(session?.tag, forKey: .tag)
        try container.encode(session?.tags ?? [], forKey: .tags)
        try container.encode(session?.startedAt, forKey: .startedAt)
        try container.encode(sessionElapsed.timeInterval, forKey: .sessionS)
        try container.encode(report.today.description, forKey: .date)
        try container.encode(report.todaySeconds, forKey: .todayS)
        try container.encode(report.goal?.timeInterval, forKey: .goalS)
        try container.encode(report.goalProgress, forKey: .goalProgress)
        try container.encode(report.streakDays, forKey: .streakDays)
        try container.encode(report.growthStage, forKey: .growthStage)
        try container.encode(FocusSettings.growthStageName(report.growthStage), forKey: .growthStageName)
        try container.encode(report.settings.timeZoneIdentifier, forKey: .tz)
        try container.encode(report.settings.dayStart.description, forKey: .dayStart)
        try container.encode(session?.clockWentBackwards ?? false, forKey: .clockWentBackwards)
    }
}
