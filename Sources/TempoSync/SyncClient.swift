import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP side of sync: JSON requests to a Tempo server, each failure a `SyncError`.
public struct SyncClient: Sendable {
    /// The server's base URL.
    public let baseURL: URL
    /// The bearer token (nil before signing in).
    public let token: String?
    /// How long one request may take before the server counts as unreachable.
    public static let requestTimeout: TimeInterval = 30

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

    /// Sends one request; a 401 throws `.unauthorized`, a failure to connect `.unreachable`.
    public func send(_ method: String, _ path: String, body: Data? = nil) async throws(SyncError) -> Answer {
        guard let url = URL(string: path, relativeTo: baseURL) else { throw .unexpectedAnswer("bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = Self.requestTimeout
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw .unreachable(url: baseURL.absoluteString, reason: (error as? URLError).map { Self.reason($0) } ?? "\(error)")
        }
        guard let http = response as? HTTPURLResponse else { throw .unexpectedAnswer("not an HTTP response") }
        let answer = Answer(status: http.statusCode, body: data)
        if answer.status == 401 { throw .unauthorized(answer.errorMessage) }
        return answer
    }

    /// Sends `value` as JSON.
    public func send(_ method: String, _ path: String, json value: some Encodable) async throws(SyncError) -> Answer {
        let body: Data
        do { body = try SyncJSON.encoder.encode(value) } catch { throw .unexpectedAnswer("cannot encode the request: \(error)") }
        return try await send(method, path, body: body)
    }

    private static func reason(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "connection refused"
        case .timedOut: "no answer within \(Int(requestTimeout)) s"
        case .cannotFindHost: "unknown host"
        default: error.localizedDescription
        }
    }
}
