import Foundation
import TempoKit

/// One session in `focus log --json` (UTC instants).
struct FocusLogJSON: Encodable {
    /// The full id, lowercase.
    let id: String
    /// The id as `focus log` prints it and `edit`/`delete`/`continue` take it.
    let shortID: String
    /// Every tag, in order.
    let tags: [String]
    /// The first instant (UTC).
    let startedAt: Date?
    /// When it stopped (UTC), nil while active.
    let stoppedAt: Date?
    /// `running`, `paused` or `stopped`.
    let state: String
    /// Focused seconds at the command's instant.
    let durationS: Double

    enum CodingKeys: String, CodingKey {
        case id, shortID = "short_id", tags, startedAt = "started_at", stoppedAt = "stopped_at", state, durationS = "duration_s"
    }

    /// The entry of `session` at `now`.
    init(_ session: FocusSession, now: Date) {
        id = session.id.uuidString.lowercased()
        shortID = session.shortID
        tags = session.tags
        startedAt = session.startedAt
        stoppedAt = session.stoppedAt
        state = session.stopwatch.state.rawValue
        durationS = session.duration(at: now).timeInterval
    }

    /// Every key, absent instants as `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(shortID, forKey: .shortID)
        try container.encode(tags, forKey: .tags)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(stoppedAt, forKey: .stoppedAt)
        try container.encode(state, forKey: .state)
        try container.encode(durationS, forKey: .durationS)
    }
}
