import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import TempoTestSupport

/// A real `tempo serve` process on a free loopback port with its own SQLite file (or its own
/// PostgreSQL database, with `engine: .postgres`), its wall clock
/// fixed by `TEMPO_NOW`, driven over HTTP by URLSession (a real client: requests go through the
/// socket, the parser and every middleware). A process of its own, so a busy test process (the
/// CLI suites hold both cooperative threads of a 2-core machine for a minute) never starves it.
final class TestServer: Sendable {
    let baseURL: URL
    /// The SQLite file, or the PostgreSQL database's URL.
    let databasePath: String
    /// The engine it stores on.
    let engine: ServerEngine
    private let process: Process
    /// Every (method, route, status) answered, for the conformance check.
    private let answered = Mutex<[(method: String, path: String, status: Int)]>([])

    /// What the server answered so far.
    var answers: [(method: String, path: String, status: Int)] { answered.withLock { $0 } }

    private init(baseURL: URL, databasePath: String, engine: ServerEngine, process: Process) {
        self.baseURL = baseURL
        self.engine = engine
        self.databasePath = databasePath
        self.process = process
    }

    static let binary: URL = {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL,
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                              .deletingLastPathComponent().appendingPathComponent(".build/debug")]
        return candidates.map { $0.appendingPathComponent("tempo") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates[0].appendingPathComponent("tempo")
    }()

    /// Starts a server whose wall clock reads `now` (nil: the system clock, for tests that wait
    /// for a deadline), on `engine`: a new SQLite file or PostgreSQL database, or `databasePath`
    /// (a restart, or a second server on one PostgreSQL database).
    /// The wall clock of a server started without one: 2026-11-18T11:06:40Z.
    static let defaultNow = Date(timeIntervalSince1970: 1_795_000_000)

    static func start(
        engine: ServerEngine = .sqlite, now: Date? = defaultNow, databasePath: String? = nil
    ) async throws -> TestServer {
        let directory = databasePath.flatMap { engine == .sqlite ? URL(fileURLWithPath: $0).deletingLastPathComponent() : nil }
            ?? TestDirectory.root.appendingPathComponent("tempo-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path: String
        switch (engine, databasePath) {
        case (_, let given?): path = given
        case (.sqlite, nil): path = directory.appendingPathComponent("server.sqlite").path
        case (.postgres, nil): path = try await ServerEngine.newPostgresDatabase()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", engine == .sqlite ? "--db" : "--postgres", path, "--log-level", "warning"]
        process.environment = ["HOME": directory.path]
        if let now { process.environment?["TEMPO_NOW"] = now.formatted(Date.ISO8601FormatStyle()) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "tempo: serving http://…" names the port. Read on a thread of its own (blocking reads),
        // and on to the end: the request log goes to the same pipe, which must not fill up.
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            var text = "", found = false
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                guard !found else { continue }
                text += String(decoding: data, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.contains("serving http") }) {
                    found = true
                    continuation.yield(String(line))
                    continuation.finish()
                }
            }
            continuation.finish()
        }
        var iterator = lines.makeAsyncIterator()
        guard let line = await iterator.next(), let range = line.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression),
              let url = URL(string: String(line[range])) else {
            process.terminate()
            throw TestServerError.didNotStart
        }
        return TestServer(baseURL: url, databasePath: path, engine: engine, process: process)
    }

    /// Everything the server stored: the SQLite file's bytes, or a data dump of its PostgreSQL
    /// database (`pg_dump`).
    func storedBytes() async throws -> Data {
        switch engine {
        case .sqlite:
            return try Data(contentsOf: URL(fileURLWithPath: databasePath))
        case .postgres:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["pg_dump", "--data-only", databasePath]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
            guard process.terminationStatus == 0, !data.isEmpty else { throw TestServerError.psqlFailed("pg_dump") }
            return data
        }
    }

    /// Stops the server with SIGTERM (it finishes what is in flight, open event streams included)
    /// and waits for it to end; a server still running after 10 s is a failure, and is killed.
    /// (Not `waitUntilExit()`: on Linux it spins a run loop on the calling cooperative thread.)
    func stop() async {
        process.terminate()
        for _ in 0..<1000 where process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(!process.isRunning, "tempo serve did not stop on SIGTERM")
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Kills the server with SIGKILL (a crash: nothing is finished) and waits for it to end.
    func crash() async {
        Foundation.kill(process.processIdentifier, SIGKILL)
        for _ in 0..<1000 where process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(!process.isRunning, "tempo serve survived SIGKILL")
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// A response as a client sees it.
    struct Reply: Sendable {
        let status: Int
        let body: Data
        let headers: [String: String]
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var errorMessage: String { (json["error"] as? [String: Any])?["message"] as? String ?? "" }
    }

    /// The client: `URLSession.shared` less its cookie store, so the only cookies a request carries
    /// are the ones a test names (the dashboard's tests send them by hand).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration)
    }()

    /// Sends a request; `json` is encoded as the body, `raw` sent as is (with `contentType`, if given),
    /// `headers` added. Cookies are only ever the ones `headers` names (none are stored between requests).
    @discardableResult
    func send(_ method: String, _ path: String, json: Any? = nil, raw: Data? = nil, contentType: String? = nil,
              token: String? = nil, headers extra: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: path, relativeTo: baseURL)!)
        request.httpMethod = method
        request.timeoutInterval = 600
        for (name, value) in extra { request.setValue(value, forHTTPHeaderField: name) }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let raw {
            request.httpBody = raw
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        let route = String(path.split(separator: "?").first ?? "")
        answered.withLock { $0.append((method, route, http.statusCode)) }
        return Reply(status: http.statusCode, body: data, headers: headers)
    }

    /// Runs the CLI on `database` with its clock fixed at `now` (`TEMPO_NOW`); returns its standard
    /// output. A non-zero exit is a failure unless `mayRefuse`. (Polls for its end:
    /// `waitUntilExit()` spins a run loop on a cooperative thread on Linux.)
    @discardableResult
    static func cli(_ arguments: [String], database: String, now: Date, mayRefuse: Bool = false) async throws -> String {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--db", database]
        process.environment = ["TEMPO_NOW": now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
                               "HOME": TestDirectory.root.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        #expect(mayRefuse || process.terminationStatus == 0, "tempo \(arguments): \(String(decoding: failure, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
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

/// Why a test server could not be had.
enum TestServerError: Error {
    case didNotStart
    /// `TEMPO_TEST_POSTGRES` is not set.
    case noPostgres
    /// `psql` refused the command.
    case psqlFailed(String)
}
