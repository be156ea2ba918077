import Foundation
import Testing

/// Issue 13: where a file is read, a directory, a FIFO or a missing file is one clear line
/// naming it (and nothing blocks or is stored), and `-` reads standard input.
@Suite(.timeLimit(.minutes(3)))
struct InputFileCLITests {
    static let now = ["TEMPO_NOW": "2026-11-24T10:00:00Z"]

    /// Every command that reads a file, with `FILE` where the file goes.
    static let readers: [[String]] = [
        ["focus", "import", "FILE"], ["places", "import", "FILE"], ["run", "summary", "FILE"], ["run", "import", "FILE"],
    ]

    @Test func aDirectoryAFIFOOrAMissingFileIsOneLineNamingIt() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let fifo = tempo.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases = [
            (tempo.directory.path, "is a directory, not a file"), (fifo, "is a pipe (FIFO), not a regular file"),
            (tempo.file("absent.json"), "no such file"),
        ]
        for reader in Self.readers {
            for (path, reason) in cases {
                let line = reader.map { $0 == "FILE" ? path : $0 }
                let result = try tempo.run(line, environment: Self.now)
                #expect(result.status == 1, "\(line): \(result.stderr)")
                #expect(result.stderr == "tempo: \(path): \(reason)\n", "\(line): \(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: tempo.database))
    }

    @Test func aFileThatCannotBeWrittenIsOneLineInWords() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let directory = tempo.directory.path
        let calendar = try tempo.run(["focus", "calendar", "--svg", directory], environment: Self.now)
        #expect(calendar.status == 1)
        #expect(calendar.stderr == "tempo: cannot write \(directory): it is a directory\n", "\(calendar.stderr)")
        let missing = tempo.file("no/such/folder/cal.svg")
        let folder = try tempo.run(["focus", "calendar", "--svg", missing], environment: Self.now)
        #expect(folder.status == 1)
        #expect(folder.stderr.hasPrefix("tempo: cannot write \(missing): "), "\(folder.stderr)")
        #expect(!folder.stderr.contains("NSCocoaErrorDomain"), "\(folder.stderr)")
    }

    @Test func dashReadsStandardInputWhereverAFileIsRead() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        // `timew export | tempo focus import -`
        let timew = #"[{"id":1,"start":"20261120T080000Z","end":"20261120T093000Z","tags":["thesis"]}]"#
        let imported = try tempo.run(["focus", "import", "-"], stdin: timew)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 1 session(s) from timewarrior"), "\(imported.stdout)")
        let export = try #require(try tempo.run("focus", "export").json() as? [String: Any])
        #expect((export["sessions"] as? [Any])?.count == 1)

        // `run summary -` gives the numbers the file gives, for text (GPX) and binary (FIT) files.
        for name in ["hike-8tracks.gpx", "fenix2-run.fit"] {
            let path = RunFixtures.path(name)
            let fromFile = try tempo.run("run", "summary", path, "--json")
            let fromInput = try runWithStandardInput(tempo, ["run", "summary", "-", "--json"], file: path)
            #expect(fromInput.status == 0, "\(name): \(fromInput.stderr)")
            #expect(fromInput.stdout == fromFile.stdout, "\(name)")
        }
        // `run import -` stores the run under the id the file's bytes give it.
        let viaInput = try runWithStandardInput(tempo, ["run", "import", "-", "--json"], file: RunFixtures.path("run-3laps.tcx"))
        #expect(viaInput.status == 0, "\(viaInput.stderr)")
        let again = try tempo.run("run", "import", RunFixtures.path("run-3laps.tcx"), "--json")
        let first = try #require((try viaInput.json() as? [[String: Any]])?.first)
        let second = try #require((try again.json() as? [[String: Any]])?.first)
        #expect(first["id"] as? String == second["id"] as? String)
        #expect(second["inserted"] as? Bool == false)
        // A broken document on standard input is named `-`.
        let broken = try tempo.run(["run", "summary", "-"], stdin: "<gpx><trk><trkseg><trkpt lat=")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("tempo: -: "), "\(broken.stderr)")
    }

    /// Runs `tempo ARGS < file` (binary-safe, unlike the harness's text `stdin`).
    private func runWithStandardInput(_ tempo: TempoBinary, _ arguments: [String], file: String) throws -> TempoBinary.Result {
        let process = Process()
        process.executableURL = TempoBinary.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TEMPO_DB"] = tempo.database
        environment.merge(Self.now) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return TempoBinary.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                  stderr: String(decoding: stderr, as: UTF8.self))
    }
}
