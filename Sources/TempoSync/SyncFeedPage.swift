import TempoStore

/// A page of `GET /v1/changes`: the entries after a seq, and the seq to ask from next.
struct SyncFeedPage: Decodable {
    /// One entry, its record decoded by kind.
    struct Change: Decodable {
        let seq: Int64
        let incoming: SyncIncoming

        enum CodingKeys: String, CodingKey {
            case seq, kind, id, op, record
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            seq = try container.decode(Int64.self, forKey: .seq)
            let kind = try container.decode(String.self, forKey: .kind)
            let op = try container.decode(String.self, forKey: .op)
            switch (kind, op) {
            case ("focus_settings", "put"):
                incoming = .settings(try container.decode(SyncedFocusSettings.self, forKey: .record))
            case ("focus_session", "put"):
                incoming = .session(try container.decode(SyncedFocusSession.self, forKey: .record))
            case ("focus_session", "delete"):
                incoming = .sessionDeleted(id: try container.decode(String.self, forKey: .id))
            case ("badge", "put"):
                incoming = .badge(try container.decode(SyncedBadge.self, forKey: .record))
            default:
                incoming = .other
            }
        }
    }

    let changes: [Change]
    let next: Int64
}
