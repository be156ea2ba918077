import Foundation

/// The HTTP side of sync: JSON requests to a Tempo server (`http://`), each failure a `SyncError`.
public struct SyncClient: Sendable {
    /// The server's base URL.
    public let baseURL: URL
    /// The bearer token (nil before signing in).
    public let token: String?
    /// How long one request may take before the server counts as unreachable.
    public static let requestTimeout = 30

    /// A client of the server at `baseURL`.
    public init(baseURL: URL, token: String?) {
        self.baseURL = baseURL
        self.token = token
    }

    /// A server's answer.
    public struct Answer: Sendable {
        /// The HTTP status.
        public let status: Int
        /// The body.
        public let body: Data

        /// The `message` of an `{"error": {...}}` body, or the body itself.
        var errorMessage: String {
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
            return ((object?["error"] as? [String: Any])?["message"] as? String) ?? String(decoding: body.prefix(200), as: UTF8.self)
        }

        /// The `code` of an `{"error": {...}}` body.
        var errorCode: String? {
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
            return (object?["error"] as? [String: Any])?["code"] as? String
        }
    }

    /// Whether sending a request twice leaves the server as sending it once: every method but
    /// POST, and the POST of a run's fixes (a fix at an instant the run holds is a duplicate).
    static func isIdempotent(_ method: String, _ path: String) -> Bool {
        method != "POST" || path.hasSuffix("/fixes")
    }

    /// Sends one request; a 401 throws `.unauthorized`, a failure to connect `.unreachable`.
    public func send(_ method: String, _ path: String, body: Data? = nil) async throws(SyncError) -> Answer {
        guard baseURL.scheme == "http", let host = baseURL.host else {
            throw .unreachable(url: baseURL.absoluteString, reason: "only http:// servers are supported")
        }
        var headers: [(String, String)] = []
        if body != nil { headers.append(("Content-Type", "application/json")) }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        let prefix = baseURL.path.hasSuffix("/") ? String(baseURL.path.dropLast()) : baseURL.path
        var reply: (status: Int, body: Data)?
        // A connection closed under a request that may be sent twice is tried once more: a
        // transient reset costs a retry, not the whole sync.
        let attempts = Self.isIdempotent(method, path) ? 2 : 1
        for attempt in 1...attempts where reply == nil {
            do {
                reply = try await HTTPExchange.send(host: host, port: baseURL.port ?? 80, method: method, path: prefix + path,
                                                    headers: headers, body: body, timeout: .seconds(Self.requestTimeout))
            } catch HTTPExchange.Failure.cannotConnect(let reason) {
                throw .unreachable(url: baseURL.absoluteString, reason: reason)
            } catch HTTPExchange.Failure.timedOut {
                throw .unreachable(url: baseURL.absoluteString, reason: "no answer within \(Int(Self.requestTimeout)) s")
            } catch {
                guard attempt < attempts else {
                    throw .unreachable(url: baseURL.absoluteString, reason: "the connection failed (\(error))")
                }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        guard let reply else { throw .unreachable(url: baseURL.absoluteString, reason: "the connection failed") }
        let answer = Answer(status: reply.status, body: reply.body)
        if answer.status == 401 { throw .unauthorized(answer.errorMessage) }
        return answer
    }

    /// Sends `value` as JSON.
    public func send(_ method: String, _ path: String, json value: some Encodable) async throws(SyncError) -> Answer {
        let body: Data
        do { body = try SyncJSON.encoder.encode(value) } catch { throw .unexpectedAnswer("cannot encode the request: \(error)") }
        return try await send(method, path, body: body)
    }
}
