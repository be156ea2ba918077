import Foundation
import Testing

/// The storage engine a test's `tempo serve` runs on: SQLite always, PostgreSQL too when
/// `TEMPO_TEST_POSTGRES` names a server (`scripts/postgres` starts a throwaway one and sets it).
enum ServerEngine: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    /// The engines to run each server test on.
    static var available: [ServerEngine] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// The PostgreSQL server the tests may create databases on (its maintenance database's URL).
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["TEMPO_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The engine's name in test results.
    var testDescription: String { rawValue }

    /// A new empty PostgreSQL database on `TEMPO_TEST_POSTGRES` (created with `psql`), as a URL.
    static func newPostgresDatabase() async throws -> String {
        guard let url = postgresURL, var components = URLComponents(string: url) else { throw TestServerError.noPostgres }
        let name = "tempo_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await psql(url, "CREATE DATABASE \(name)")
        components.path = "/" + name
        return components.string ?? url
    }

    /// Runs one SQL command with `psql` on the database at `url`; returns its unaligned output.
    @discardableResult
    static func psql(_ url: String, _ command: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        guard process.terminationStatus == 0 else { throw TestServerError.psqlFailed(command) }
        return String(decoding: data, as: UTF8.self)
    }
}
