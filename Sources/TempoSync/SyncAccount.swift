import Foundation

/// The account routes a device uses to sign in and out.
public struct SyncAccount: Sendable {
    /// The client (with the token, to revoke it).
    public let client: SyncClient

    /// Account calls through `client`.
    public init(client: SyncClient) {
        self.client = client
    }

    private struct Credentials: Encodable {
        let email: String
        let password: String
        let device: String?
    }

    private struct Token: Decodable {
        let token: String
    }

    /// Creates the account (`POST /v1/accounts`).
    public func create(email: String, password: String) async throws(SyncError) {
        let answer = try await client.send("POST", "/v1/accounts", json: Credentials(email: email, password: password, device: nil))
        guard answer.status == 201 else { throw .refused(status: answer.status, message: answer.errorMessage) }
    }

    /// Signs a device in (`POST /v1/tokens`); returns its token.
    public func signIn(email: String, password: String, device: String) async throws(SyncError) -> String {
        let answer = try await client.send("POST", "/v1/tokens", json: Credentials(email: email, password: password, device: device))
        guard answer.status == 201 else { throw .refused(status: answer.status, message: answer.errorMessage) }
        return try SyncJSON.decode(Token.self, from: answer.body).token
    }

    /// Revokes the client's token (`DELETE /v1/tokens/current`).
    public func revoke() async throws(SyncError) {
        let answer = try await client.send("DELETE", "/v1/tokens/current")
        guard (200..<300).contains(answer.status) else { throw .refused(status: answer.status, message: answer.errorMessage) }
    }
}
