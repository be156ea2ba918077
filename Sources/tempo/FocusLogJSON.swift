import Foundation
import TempoKit

/// One session in `focus log --json` (UTC instants).
struct FocusLogJSON: Encodable {
    let id: String
    let shortID: String
    let tags: [String]
    let startedAt: Date?
    let stoppedAt: Date?
    let state: String
    let durationS: Double

    enum CodingKeys: String, CodingKey {
        case id, shortID = "short_id", tags, startedAt = "started_at", stoppedAt = "stopped_at", state, durationS = "duration_s"
    }

    init(_ session: FocusSession, now: Date) {
        id = session.id.uuidString.lowercased()
        shortID = session.shortID
        tags = session.tags
        startedAt = session.startedAt
        stoppedAt = session.stoppedAt
        state = session.stopwatch.state.rawValue
        durationS = session.durationSeconds(at: now)
    }

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
