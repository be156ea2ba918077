import Foundation
import TempoTestSupport

/// The built `tempo` run against a temporary database at a chosen instant (`TEMPO_NOW`).
struct FocusBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            (try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]) ?? [:]
        }
    }

    let directory: URL
    var database: String { directory.appendingPathComponent("tempo.sqlite").path }
    /// The instant the commands run at (ISO 8601), or nil for the real clock.
    var now: String?

    init(now: String? = nil) throws {
        directory = TestDirectory.root.appendingPathComponent("tempo-focus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.now = now
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func start(_ arguments: [String], now: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = TempoBinary.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TEMPO_DB"] = database
        environment["TEMPO_NOW"] = now ?? self.now ?? ""
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    @discardableResult
    func run(_ arguments: String..., now: String? = nil) throws -> Result {
        try run(arguments, now: now)
    }

    @discardableResult
    func run(_ arguments: [String], now: String? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, now: now)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The database's pages (main file past its 100-byte header, and any WAL), to show a
    /// refused command changed nothing. The header is left out because every open of the store
    /// bumps its change counter and schema cookie (bytes 24–27, 40–43, 92–95), rows or not.
    func snapshot() -> [Data?] {
        ["", "-wal"].map { suffix in
            FileManager.default.contents(atPath: database + suffix).map { suffix.isEmpty ? $0.dropFirst(100) : $0 }
        }
    }
}
