import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/changes`: the caller's changes after a sequence number, in commit order.
struct ChangesController {
    let store: any ServerStorage
    static let defaultLimit = 1000, maxLimit = 10_000

    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.get("changes", use: list)
    }

    @Sendable func list(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let since = try Query.integer(request, "since", default: 0, in: 0...Int64.max)
        let limit = try Query.integer(request, "limit", default: Int64(Self.defaultLimit), in: 1...Int64(Self.maxLimit))
        let page = try await store.read { db in
            try ChangeFeed.page(db, account: caller.accountID, since: since, limit: Int(limit))
        }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: .init(string: page)))
    }
}

/// Query parameters, checked: a bad one is a 400 naming it.
enum Query {
    static func integer(_ request: Request, _ name: String, default value: Int64, in range: ClosedRange<Int64>) throws -> Int64 {
        guard let text = request.uri.queryParameters[name[...]].map(String.init) else { return value }
        guard let number = Int64(text), range.contains(number) else {
            throw APIError(.badRequest, "invalid_parameter", "parameter \"\(name)\" must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }
}
