import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TempoKit

/// Checks `Authorization: Bearer TOKEN` against the stored token hashes (through `tokens`, so a
/// token in use costs no database read and no hash) and sets the caller; without a valid token the request
/// ends with 401 before any handler runs.
///
/// Without the header, the dashboard's session cookie carries the token (`DashboardSession`); a
/// request with it that changes anything (not GET or HEAD) must also send the CSRF token in
/// `X-CSRF-Token`, equal to the session's CSRF cookie (403 otherwise). Bearer clients never need it.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = TempoRequestContext
    let store: any ServerStorage
    let tokens: TokenCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let token: String
        if let header = request.headers[.authorization] {
            guard header.hasPrefix("Bearer ") else { throw APIError(.unauthorized, "unauthorized", "a bearer token is required") }
            token = String(header.dropFirst("Bearer ".count))
        } else if let cookie = try DashboardSession.token(of: request) {
            token = cookie
        } else {
            throw APIError(.unauthorized, "unauthorized", "a bearer token is required")
        }
        let cached = tokens.lookup(token: token)
        var entry = cached.entry
        if entry == nil {
            let hash = SHA256.hex(Data(token.utf8))
            let account = try await store.readStatement { db in
                try String.fetchOne(db, sql: "SELECT account_id FROM token WHERE hash = ?", arguments: [hash])
            }
            entry = account.map { TokenCache.Entry(account: $0, tokenHash: hash) }
            if let entry { tokens.remember(token: token, entry, generation: cached.generation) }
        }
        guard let entry else { throw APIError(.unauthorized, "unauthorized", "the token is not valid (revoked or never issued)") }
        var context = context
        context.caller = .init(accountID: entry.account, tokenHash: entry.tokenHash)
        context.logger[metadataKey: "account"] = .string(entry.account)
        return try await next(request, context)
    }
}
