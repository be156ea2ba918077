import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import TempoKit

/// Accounts and device tokens: sign up, sign in (a token per device), sign out.
struct AccountController {
    let store: any ServerStorage
    let tokens: TokenCache
    let passwordCost: UInt8
    let throttle = LoginThrottle()
    let now: @Sendable () -> Date

    /// The routes that need no token.
    func addPublicRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.post("accounts", use: createAccount)
        group.post("tokens", use: createToken)
    }

    /// The routes that act on the caller's token.
    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.delete("tokens/current", use: revokeToken)
    }

    /// An account's email and password: the body of `POST /v1/accounts` and of the dashboard's
    /// `POST /session`.
    struct Credentials: StrictDecodable {
        static let allowedKeys: Set<String> = ["email", "password"]
        let email: String
        let password: String
    }

    struct SignIn: StrictDecodable {
        static let allowedKeys: Set<String> = ["email", "password", "device"]
        let email: String
        let password: String
        let device: String
    }

    /// The longest password bcrypt reads whole.
    static let maxPasswordBytes = 72
    static let minPasswordCharacters = 8
    static let maxDeviceCharacters = 200

    @Sendable func createAccount(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Credentials.self, from: request, context: context)
        let email = body.email.trimmingCharacters(in: .whitespaces)
        guard email.count <= 254, let at = email.firstIndex(of: "@"), at != email.startIndex, email.index(after: at) != email.endIndex,
              !email.contains(where: { $0.isWhitespace || $0.isNewline })
        else { throw APIError(.badRequest, "invalid_field", "field \"email\" is not an email address") }
        guard body.password.count >= Self.minPasswordCharacters, body.password.utf8.count <= Self.maxPasswordBytes else {
            throw APIError(.badRequest, "invalid_field",
                           "field \"password\" must have \(Self.minPasswordCharacters) to \(Self.maxPasswordBytes) bytes")
        }
        let hash = Bcrypt.hash(body.password, cost: passwordCost)
        let id = UUID().uuidString.lowercased()
        let created = now()
        let inserted = try await store.write { db -> Bool in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM account WHERE email = ?", arguments: [email]) == nil else { return false }
            try db.execute(sql: "INSERT INTO account (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [id, email, hash, created.timeIntervalSince1970])
            return true
        }
        guard inserted else { throw APIError(.conflict, "email_taken", "an account with this email exists") }
        return try JSONBody.response(.created, ["id": id])
    }

    @Sendable func createToken(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(SignIn.self, from: request, context: context)
        let token = try await signIn(email: body.email, password: body.password, device: body.device, from: context.remoteAddress)
        return try JSONBody.response(.created, ["token": token])
    }

    /// Checks `email` and `password` (throttled per account and per `address`) and stores a new
    /// token for `device`; answers the token, which exists nowhere else (only its hash is stored).
    func signIn(email rawEmail: String, password: String, device: String, from address: String) async throws -> String {
        guard (1...Self.maxDeviceCharacters).contains(device.count) else {
            throw APIError(.badRequest, "invalid_field", "field \"device\" must have 1 to \(Self.maxDeviceCharacters) characters")
        }
        let email = rawEmail.trimmingCharacters(in: .whitespaces).lowercased()
        let keys = ["account:" + email, "address:" + address]
        if let wait = await throttle.retryAfter(keys, now: now()) {
            var error = APIError(.tooManyRequests, "too_many_attempts", "too many failed sign-ins; try again in \(Int(wait.rounded(.up))) s")
            error.headers[.retryAfter] = String(Int(wait.rounded(.up)))
            throw error
        }
        let account = try await store.read { db -> (id: String, passwordHash: String)? in
            try StoreRow.fetchOne(db, sql: "SELECT id, password_hash FROM account WHERE email = ?", arguments: [email])
                .map { try ($0["id"], $0["password_hash"]) }
        }
        guard let account, Bcrypt.verify(password, hash: account.passwordHash) else {
            await throttle.fail(keys, now: now())
            throw APIError(.unauthorized, "bad_credentials", "the email or the password is wrong")
        }
        await throttle.succeed(keys[0])
        let token = Self.newToken()
        let accountID = account.id
        let created = now()
        try await store.write { db in
            try db.execute(sql: "INSERT INTO token (hash, account_id, device, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [SHA256.hex(Data(token.utf8)), accountID, device, created.timeIntervalSince1970])
        }
        return token
    }

    @Sendable func revokeToken(_ request: Request, context: TempoRequestContext) async throws -> Response {
        try await revoke(context.requireCaller())
        return Response(status: .noContent)
    }

    /// Revokes the token `caller` signed in with: deleted, and forgotten by the token cache.
    func revoke(_ caller: TempoRequestContext.Caller) async throws {
        try await store.write { db in
            try db.execute(sql: "DELETE FROM token WHERE hash = ?", arguments: [caller.tokenHash])
            // Other server processes on the same PostgreSQL database forget it from their caches.
            if db.engine == .postgres {
                try db.execute(sql: "SELECT pg_notify(?, ?)", arguments: [PostgresStore.tokenChannel, caller.tokenHash])
            }
        }
        tokens.forget(tokenHash: caller.tokenHash)
    }

    /// 32 random bytes, base64url: opaque, and only its hash is stored.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
