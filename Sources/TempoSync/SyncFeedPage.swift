import TempoKit
import TempoStore

/// A page of `GET /v1/changes`: the entries after a seq, and the seq to ask from next.
struct SyncFeedPage: Decodable {
    /// One entry, its record decoded by kind.
    struct Change: Decodable {
        let seq: Int64
        let incoming: SyncIncoming
        /// For a run put, the fixes the server's summary counts.
        let runPoints: Int?

        enum CodingKeys: String, CodingKey {
            case seq, kind, id, op, record
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            seq = try container.decode(Int64.self, forKey: .seq)
            let kind = try container.decode(String.self, forKey: .kind)
            let op = try container.decode(String.self, forKey: .op)
            var runPoints: Int?
            switch (kind, op) {
            case ("focus_settings", "put"):
                incoming = .settings(try container.decode(SyncedFocusSettings.self, forKey: .record))
            case ("focus_session", "put"):
                incoming = .session(try container.decode(SyncedFocusSession.self, forKey: .record))
            case ("focus_session", "delete"):
                incoming = .sessionDeleted(id: try container.decode(String.self, forKey: .id))
            case ("badge", "put"):
                incoming = .badge(try container.decode(SyncedBadge.self, forKey: .record))
            case ("run", "put"):
                // The summary's sport is the declared one unless it was inferred; the fixes are fetched apart.
                let summary = try container.decode(RunHeader.self, forKey: .record)
                runPoints = summary.points
                incoming = .run(SyncedRun(id: try container.decode(String.self, forKey: .id),
                                          sport: summary.sportInferred ? nil : summary.sport, name: nil, fixes: []))
            case ("place", "put"):
                incoming = .place(try container.decode(SyncedPlace.self, forKey: .record))
            case ("place", "delete"):
                incoming = .placeDeleted(name: try container.decode(String.self, forKey: .id))
            case ("timer", "put"), ("timer", "finished"):
                incoming = .timer(try container.decode(TimerStatus.self, forKey: .record))
            case ("timer", "delete"):
                incoming = .timerDeleted(id: try container.decode(String.self, forKey: .id))
            case ("run", "delete"):
                incoming = .runDeleted(id: try container.decode(String.self, forKey: .id))
            default:
                incoming = .other
            }
            self.runPoints = runPoints
        }
    }

    /// The keys of a run's summary document that its local copy needs.
    struct RunHeader: Decodable {
        let sport: String?
        let sportInferred: Bool
        let points: Int

        enum CodingKeys: String, CodingKey {
            case sport, points
            case sportInferred = "sport_inferred"
        }
    }

    let changes: [Change]
    let next: Int64
}
