import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import Logging
import Synchronization
import TempoServer
import Testing

/// A real server on a free loopback port with its own SQLite file, driven over HTTP by
/// URLSession (a real client: requests go through the socket, the parser and every middleware).
final class TestServer: Sendable {
    let baseURL: URL
    let databasePath: String
    private let task: Task<Void, any Error>
    private let clock: ClockBox
    /// Every (method, route, status) answered, for the conformance check.
    let answered = Mutex<[(method: String, path: String, status: Int)]>([])

    /// What the server answered so far.
    var answers: [(method: String, path: String, status: Int)] { answered.withLock { $0 } }

    /// The server's wall clock (handlers read it; tests move it).
    var now: Date {
        get { clock.now() }
        set { clock.set(newValue) }
    }

    private init(baseURL: URL, databasePath: String, task: Task<Void, any Error>, clock: ClockBox) {
        self.baseURL = baseURL
        self.databasePath = databasePath
        self.task = task
        self.clock = clock
    }

    /// Warnings and errors only: a request log per test request would drown the test output.
    private static let logger: Logger = {
        var logger = Logger(label: "tempo.server.test")
        logger.logLevel = .warning
        return logger
    }()

    static func start(now: Date = Date(timeIntervalSince1970: 1_795_000_000)) async throws -> TestServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("server.sqlite").path
        let box = ClockBox(now)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try buildApplication(
            configuration: ServerConfiguration(port: 0, databasePath: path, passwordCost: 4),
            logger: Self.logger,
            now: { box.now() },
            onServerRunning: { port in continuation.yield(port) })
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw TestServerError.didNotStart }
        return TestServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, databasePath: path, task: task, clock: box)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// A response as a client sees it.
    struct Reply: Sendable {
        let status: Int
        let body: Data
        let headers: [String: String]
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    /// Sends a request; `json` is encoded as the body, `raw` sent as is.
    @discardableResult
    func send(_ method: String, _ path: String, json: Any? = nil, raw: Data? = nil, token: String? = nil,
              route: String? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = method
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let raw {
            request.httpBody = raw
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        let template = route ?? String(path.split(separator: "?").first ?? "")
        answered.withLock { $0.append((method, template, http.statusCode)) }
        return Reply(status: http.statusCode, body: data, headers: headers)
    }

    /// Creates an account and signs a device in; returns the token.
    func signUp(_ email: String, password: String = "correct horse", device: String = "laptop") async throws -> String {
        let created = try await send("POST", "/v1/accounts", json: ["email": email, "password": password])
        #expect(created.status == 201, "\(created.text)")
        let signedIn = try await send("POST", "/v1/tokens", json: ["email": email, "password": password, "device": device])
        #expect(signedIn.status == 201, "\(signedIn.text)")
        return signedIn.json["token"] as? String ?? ""
    }
}

enum TestServerError: Error { case didNotStart }

/// The settable clock handed to the server.
private final class ClockBox: Sendable {
    private let clock: Mutex<Date>
    init(_ now: Date) { clock = Mutex(now) }
    func now() -> Date { clock.withLock { $0 } }
    func set(_ now: Date) { clock.withLock { $0 = now } }
}
