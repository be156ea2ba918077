import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import TempoKit

/// Checks `Authorization: Bearer TOKEN` against the stored token hashes (through `tokens`, so a
/// token in use costs no database read) and sets the caller; without a valid token the request
/// ends with 401 before any handler runs.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = TempoRequestContext
    let store: ServerStore
    let tokens: TokenCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw APIError(.unauthorized, "unauthorized", "a bearer token is required")
        }
        let hash = SHA256.hex(Data(header.dropFirst("Bearer ".count).utf8))
        let cached = tokens.lookup(tokenHash: hash)
        var accountID = cached.account
        if accountID == nil {
            accountID = try await store.read { db in
                try String.fetchOne(db, sql: "SELECT account_id FROM token WHERE hash = ?", arguments: [hash])
            }
            if let accountID { tokens.remember(tokenHash: hash, account: accountID, generation: cached.generation) }
        }
        guard let accountID else { throw APIError(.unauthorized, "unauthorized", "the token is not valid (revoked or never issued)") }
        var context = context
        context.caller = .init(accountID: accountID, tokenHash: hash)
        context.logger[metadataKey: "account"] = .string(accountID)
        return try await next(request, context)
    }
}
