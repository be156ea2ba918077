import Foundation
import Testing
import TempoTestSupport

/// One device of the sync tests: its own store (and login file beside it) and `HOME`, driven
/// through the real `tempo` binary with its clock fixed by `TEMPO_NOW`.
struct SyncDevice: Sendable {
    let name: String
    let database: String
    let home: String

    /// A new device with an empty store.
    init(_ name: String) throws {
        self.name = name
        let directory = TestDirectory.root.appendingPathComponent("tempo-device-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        home = directory.path
        database = directory.appendingPathComponent("tempo.sqlite").path
    }

    /// The login file `tempo login` writes for this store.
    var loginPath: String { database + ".login" }

    /// What a finished `tempo` printed.
    struct Outcome: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Starts `tempo ARGUMENTS --db STORE` (output into files: nothing to drain while it runs).
    func launch(_ arguments: [String], now: Date, password: String? = nil) throws -> (Process, URL, URL) {
        let process = Process()
        process.executableURL = TestServer.binary
        process.arguments = arguments + ["--db", database]
        var environment = ["TEMPO_NOW": now.formatted(Date.ISO8601FormatStyle()), "HOME": home, "TZ": "UTC"]
        if let password { environment["TEMPO_PASSWORD"] = password }
        process.environment = environment
        let id = UUID().uuidString
        let out = URL(fileURLWithPath: home).appendingPathComponent("out-\(id)"), err = URL(fileURLWithPath: home).appendingPathComponent("err-\(id)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs `tempo ARGUMENTS` to the end (polling: no `waitUntilExit()` in async tests).
    @discardableResult
    func run(_ arguments: [String], now: Date, password: String? = nil, expectSuccess: Bool = true) async throws -> Outcome {
        let (process, out, err) = try launch(arguments, now: now, password: password)
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let outcome = Outcome(status: process.terminationStatus,
                              output: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                              errors: String(decoding: try Data(contentsOf: err), as: UTF8.self))
        if expectSuccess {
            #expect(outcome.status == 0, "\(name): tempo \(arguments.joined(separator: " ")): \(outcome.errors)")
        }
        return outcome
    }

    /// Every session of the store as `id,tag,segments` lines (from `focus export --format csv`), sorted.
    func sessions(now: Date) async throws -> [String] {
        let csv = try await run(["focus", "export", "--format", "csv"], now: now).output
        return csv.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return [fields[0], fields[1], fields[5]].joined(separator: ",")
        }.sorted()
    }
}
