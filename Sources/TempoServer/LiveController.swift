import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /v1/live`: Server-Sent Events of the caller's changes (`event: focus|timer|run|places`,
/// `id:` the change's seq). A client that reconnects with `Last-Event-ID` first receives every
/// change it missed, from the feed, then the live ones; none twice, none out of order. The query
/// parameter `last_event_id` does the same for a client that cannot set the header.
struct LiveController {
    let store: any ServerStorage
    let hub: LiveHub

    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("live", use: live)
    }

    @Sendable func live(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let account = try context.requireCaller().accountID
        var resumeFrom: Int64?
        if let header = request.headers[HTTPField.Name("Last-Event-ID")!] {
            guard let seq = Int64(header.trimmingCharacters(in: .whitespaces)), seq >= 0 else {
                throw APIError(.badRequest, "invalid_header", "Last-Event-ID must be a change's seq")
            }
            resumeFrom = seq
        } else if let query = request.uri.queryParameters["last_event_id"] {
            // A browser's EventSource cannot set the header on a stream it opens anew (after it gave
            // up reconnecting), so the dashboard names the last id in the query instead.
            guard let seq = Int64(query), seq >= 0 else {
                throw APIError(.badRequest, "invalid_parameter", "parameter \"last_event_id\" must be a change's seq")
            }
            resumeFrom = seq
        }
        let subscription = try await hub.subscribe(account: account)
        let store = self.store, hub = self.hub
        let start = resumeFrom ?? subscription.after
        let body = ResponseBody { writer in
            var sent = start
            try await writer.write(ByteBuffer(string: ": tempo live\n\n"))
            // Catch up from the feed (page by page), then follow the hub.
            while true {
                let since = sent
                let missed = try await store.read { db in
                    try ChangeFeed.entries(db, account: account, since: since, limit: ChangesController.maxLimit)
                }
                for entry in missed { try await writer.write(Self.event(entry)) }
                sent = missed.last?.seq ?? sent
                if missed.count < ChangesController.maxLimit { break }
            }
            // Until the client hangs up or the server shuts down (a stream never ends by itself).
            try await withGracefulShutdownHandler {
                for await entry in subscription.events where entry.seq > sent {
                    try await writer.write(Self.event(entry))
                    sent = entry.seq
                }
            } onGracefulShutdown: {
                Task { await hub.unsubscribe(account: account, id: subscription.id) }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: body)
    }

    private static func event(_ entry: ChangeFeed.Entry) -> ByteBuffer {
        ByteBuffer(string: "id: \(entry.seq)\nevent: \(entry.event)\ndata: \(entry.json)\n\n")
    }
}
