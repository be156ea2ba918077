import Foundation
import TempoTestSupport

/// The built `tempo` executable (or the front, `tempo-front`), run as a separate process against a
/// temporary database.
struct TempoBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
    }

    /// The products folder holding both this test bundle and `tempo`.
    static let url: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        let found = candidates.map { $0.appendingPathComponent("tempo") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return found ?? candidates[0].appendingPathComponent("tempo")
    }()

    /// The built front (`tempo-front`, installed as `tempo`), beside `tempo`.
    static let front = url.deletingLastPathComponent().appendingPathComponent("tempo-front")

    /// A fresh folder with its own database, removed by `cleanUp()`.
    let directory: URL
    var database: String { directory.appendingPathComponent("tempo.sqlite").path }

    init() throws {
        directory = TestDirectory.root.appendingPathComponent("tempo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` as this test's `config.toml` (under the `XDG_CONFIG_HOME` every run gets).
    func writeConfig(_ text: String) throws {
        let folder = directory.appendingPathComponent("config/tempo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("config.toml"))
    }

    /// The path of this test's `config.toml`.
    var configPath: String { directory.appendingPathComponent("config/tempo/config.toml").path }

    /// A path inside this test's folder.
    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The bytes of the database and of any side file beside it (nil: absent), to prove a
    /// command left them exactly as they were.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal", "-shm", "-journal"] {
            if let data = FileManager.default.contents(atPath: database + suffix) { files[suffix] = data }
        }
        return files
    }

    /// Starts `tempo ARGS` with `TEMPO_DB` pointing at this test's database (and `extra`
    /// variables, such as `TEMPO_NOW`).
    func start(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:], program: URL = Self.url
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TEMPO_DB"] = database
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // The person's own config.toml never reaches a test: preferences come from this folder.
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        return (process, out, err)
    }

    /// Runs `tempo ARGS` to completion.
    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> Result {
        try run(arguments, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], program: URL = Self.url) throws -> Result {
        let (process, out, err) = try start(arguments, stdin: stdin, environment: environment, program: program)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
