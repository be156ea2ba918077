import Foundation
import TempoStore

/// Brings a local store and a server to the same records: pushes every local change the server
/// has not acknowledged, then reads the server's change feed from where this device stopped.
///
/// Resumable after a kill at any point: each push is an idempotent PUT (or DELETE) whose answer
/// is recorded in its own transaction, and each pulled page is applied together with the cursor
/// in one transaction. Overlaps are settled by the server: sessions are pushed with `trim`, so
/// only the time no other session covers is added, and every device takes the server's trimmed
/// version. A session another one covers entirely is refused; it is reported and kept here. For
/// an edit on two devices, the last push wins. Badges are a union, the earliest award of each kept.
/// Runs are a union too (their ids are made where they were recorded or derived from a file's
/// bytes); a deletion on any device deletes a run everywhere. Timers go as their status
/// documents; every device takes the server's version, the last push winning.
public struct SyncEngine: Sendable {
    /// The local store, the source of truth of this device.
    public let database: AppDatabase
    /// The signed-in client.
    public let client: SyncClient
    /// The instant of this sync: timers are pushed as they stand then.
    public let now: Date
    /// Entries asked for per page of the feed.
    public static let pageSize = 1000

    /// An engine syncing `database` through `client` at `now`.
    public init(database: AppDatabase, client: SyncClient, now: Date = Date()) {
        self.database = database
        self.client = client
        self.now = now
    }

    /// Pushes, then pulls; throws `SyncError` when the server is unreachable or refuses the
    /// token, leaving what was synced before the failure synced and everything else as it was.
    public func sync() async throws -> SyncReport {
        var report = SyncReport()
        try await push(into: &report)
        try await pull(into: &report)
        return report
    }

    /// The body of `PUT /v1/focus/sessions/{id}`.
    struct SessionBody: Encodable {
        let start: Date
        let end: Date?
        /// The first tag, for servers before tag lists.
        let tag: String?
        /// Every tag, sent only when there are several: a server before tag lists refuses the
        /// field, and one tag travels as `tag` to both.
        let tags: [String]?
        let trim: Bool
        let segments: [SyncedFocusSession.Segment]?
    }

    /// The body of `PUT /v1/badges/{badge}`.
    struct BadgeBody: Encodable {
        let place: String
        let spot: String?
        let earnedAt: Date
        let lat: Double
        let lon: Double

        enum CodingKeys: String, CodingKey {
            case place, spot, lat, lon
            case earnedAt = "earned_at"
        }
    }

    /// Characters a badge's name keeps in a path segment; the rest is percent-encoded.
    static let pathCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

    private func push(into report: inout SyncReport) async throws {
        for change in try database.syncOutbox() {
            switch change {
            case .settings(let settings):
                let answer = try await client.send("PUT", "/v1/focus/settings", json: settings)
                guard answer.status == 200 else {
                    try refuse(answer, record: "the focus settings", into: &report)
                    continue
                }
                try database.acknowledgePush(.settings(try SyncJSON.decode(SyncedFocusSettings.self, from: answer.body)))
            case .session(let session):
                // One stretch goes as start and end, so the server applies `tempo focus add --trim`'s rule.
                let body = SessionBody(start: session.start, end: session.end, tag: session.tag, tags: (session.tags?.count ?? 0) > 1 ? session.tags : nil, trim: true,
                                       segments: session.segments.count > 1 ? session.segments : nil)
                let answer = try await client.send("PUT", "/v1/focus/sessions/\(session.id)", json: body)
                let name = "session \(session.id.prefix(8))" + (session.tag.map { " (\($0))" } ?? "")
                switch answer.status {
                case 200, 201:
                    try database.acknowledgePush(.session(try SyncJSON.decode(SyncedFocusSession.self, from: answer.body)))
                case 409 where answer.errorCode == "deleted":
                    // Deleted on another device: the deletion wins over this device's edit.
                    try database.acknowledgePush(.sessionDeleted(id: session.id))
                    report.conflicts.append("\(name) was deleted on another device; deleted here too")
                    continue
                default:
                    try refuse(answer, record: name, into: &report)
                    continue
                }
            case .badge(let badge):
                let name = badge.badge.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? badge.badge
                let body = BadgeBody(place: badge.place, spot: badge.spot, earnedAt: badge.earnedAt, lat: badge.lat, lon: badge.lon)
                let answer = try await client.send("PUT", "/v1/badges/\(name)", json: body)
                guard answer.status == 200 || answer.status == 201 else {
                    try refuse(answer, record: "badge \(badge.badge)", into: &report)
                    continue
                }
                try database.acknowledgePush(.badge(try SyncJSON.decode(SyncedBadge.self, from: answer.body)))
            case .sessionDeleted(let id):
                let answer = try await client.send("DELETE", "/v1/focus/sessions/\(id)")
                guard answer.status == 204 || answer.status == 404 else {
                    try refuse(answer, record: "session \(id.prefix(8))", into: &report)
                    continue
                }
                try database.acknowledgePush(.sessionDeleted(id: id))
            case .run(let run):
                guard try await push(run, into: &report) else { continue }
            case .place(let place):
                guard try await push(place, into: &report) else { continue }
            case .placeDeleted(let name):
                guard try await pushDeletion(ofPlace: name, into: &report) else { continue }
            case .timer(let timer):
                guard try await push(timer, into: &report) else { continue }
            case .runDeleted(let id):
                let answer = try await client.send("DELETE", "/v1/runs/\(id)")
                guard answer.status == 204 || answer.status == 404 else {
                    try refuse(answer, record: "run \(id.prefix(8))", into: &report)
                    continue
                }
                try database.acknowledgePush(.runDeleted(id: id))
            }
            report.pushed += 1
        }
    }

    /// A push the server refused: a 4xx is this record's conflict (kept here, offered again next
    /// time); anything else stops the sync.
    func refuse(_ answer: SyncClient.Answer, record: String, into report: inout SyncReport) throws {
        guard (400..<500).contains(answer.status) else { throw SyncError.refused(status: answer.status, message: answer.errorMessage) }
        report.conflicts.append("\(record): \(answer.errorMessage); kept here")
    }

    private func pull(into report: inout SyncReport) async throws {
        var cursor = try database.syncCursor()
        while true {
            let answer = try await client.send("GET", "/v1/changes?since=\(cursor)&limit=\(Self.pageSize)")
            guard answer.status == 200 else { throw SyncError.refused(status: answer.status, message: answer.errorMessage) }
            let page = try SyncJSON.decode(SyncFeedPage.self, from: answer.body)
            guard !page.changes.isEmpty, page.next > cursor else { return }
            report.pulled += try database.applyPulled(try await withRunFixes(page.changes), cursor: page.next)
            cursor = page.next
        }
    }
}
