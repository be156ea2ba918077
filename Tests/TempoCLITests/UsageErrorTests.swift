import Foundation
import Testing

/// Issue 13: every usage error exits 64 with one line on standard error and nothing on standard
/// output, and leaves the store as it was. The invocations are generated: every command with an
/// unknown option and with a stray argument, and a table of values that cannot be read or are
/// out of range.
@Suite(.timeLimit(.minutes(5)))
struct UsageErrorTests {
    static let now = ["TEMPO_NOW": "2026-11-24T10:00:00Z"]
    static let gpx = RunFixtures.path("hike-8tracks.gpx")

    /// One command of each kind, with valid arguments.
    static let commands: [[String]] = [
        ["timer", "start", "5m"], ["timer", "list"], ["timer", "status"], ["timer", "pause"], ["timer", "resume"],
        ["timer", "cancel"], ["timer", "clear"], ["timer", "daemon"],
        ["focus", "status"], ["focus", "start"], ["focus", "stop"], ["focus", "report"], ["focus", "export"],
        ["focus", "calendar"], ["focus", "config"], ["focus", "log"], ["focus", "check"], ["focus", "undo"],
        ["focus", "continue"], ["focus", "delete", "abcd"],
        ["run", "list"], ["run", "summary", gpx], ["run", "stats"],
        ["places", "list"], ["badges"],
    ]

    /// Values that cannot be read, or are out of range.
    static let badValues: [[String]] = [
        ["timer", "start", "10x"], ["timer", "start", "0s"], ["timer", "start", "-5m"], ["timer", "start", "5m", "--label", ""],
        ["timer", "start", "99999999h"], ["timer", "clear", "--before", "2026-13-01"], ["timer", "clear", "--before", "soon"],
        ["timer", "clear", "tea", "--finished"],
        ["focus", "config", "--goal", "-1h"], ["focus", "config", "--goal", "0"], ["focus", "config", "--goal", "banana"], ["focus", "config", "--tz", "Mars/Olympus"],
        ["focus", "report", "--from", "2026-13-01"], ["focus", "report", "--to", "2026-02-30"], ["focus", "report", "--by", "fortnight"],
        ["focus", "export", "--format", "xml"], ["focus", "calendar", "--weeks", "0"], ["focus", "calendar", "--weeks", "many"],
        ["focus", "add", "--start", "not a time", "--end", "2026-11-24T09:00:00Z"],
        ["focus", "add", "--start", "2026-11-24T25:00:00Z", "--end", "2026-11-24T26:00:00Z"],
        ["focus", "log", "--from", "2026-13-01"], ["focus", "start", "--at", "25:00"], ["focus", "stop", "--at", "soon"],
        ["focus", "add", "--start", "09:00", "--duration", "banana"], ["run", "stats", "--by", "fortnight"],
        ["timer", "list", "--units", "furlongs"],
        ["run", "summary", gpx, "--splits", "furlong"], ["run", "summary", gpx, "--sport", "curling"],
        ["places", "add", "x", "--at", "91,0", "--radius", "5m"], ["places", "add", "x", "--at", "1,2", "--radius", "0m"],
        ["places", "add", "x", "--at", "north", "--radius", "5m"], ["places", "add", "", "--at", "1,2", "--radius", "5m"],
        ["serve", "--port", "70000"], ["timer", "now"], ["nonsense"],
    ]

    static var invocations: [[String]] {
        // `timer clear` takes any number of timer names and `focus start` any number of tags: stray
        // words are names or tags there.
        commands.map { $0 + ["--no-such-option"] }
            + commands.filter { $0 != ["timer", "clear"] && $0 != ["focus", "start"] }.map { $0 + ["stray", "words", "here"] }
            + badValues
    }

    @Test func everyUsageErrorExits64WithOneLineAndChangesNothing() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        // A store with something in it, so "unchanged" means something.
        #expect(try tempo.run(["timer", "start", "25m", "--label", "tea"], environment: Self.now).status == 0)
        #expect(try tempo.run(["focus", "add", "--start", "2026-11-24T08:00:00Z", "--end", "2026-11-24T09:00:00Z"], environment: Self.now).status == 0)
        let before = tempo.snapshot()
        for invocation in Self.invocations {
            let result = try tempo.run(invocation, environment: Self.now)
            #expect(result.status == 64, "\(invocation) exited \(result.status): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(invocation) printed \(result.stdout)")
            #expect(result.stderr.hasPrefix("tempo: ") && result.stderr.hasSuffix("\n"), "\(invocation): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "\(invocation): \(result.stderr)")
        }
        #expect(tempo.snapshot() == before)
    }

    @Test func versionComesFromOnePlace() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let version = try tempo.run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression) != nil, "\(version.stdout)")
        // The .deb script takes its version from the binary, not from a copy.
        let script = try String(contentsOf: RunFixtures.directory.appendingPathComponent("../../../scripts/package-deb").standardized, encoding: .utf8)
        #expect(script.contains(#"version="$("$stage/usr/bin/tempo" --version)""#))
        // The README's package line asks for the version the binary says it is, and the
        // changelog's newest section is that version.
        let root = RunFixtures.directory.appendingPathComponent("../../..").standardized
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let number = version.stdout.trimmingCharacters(in: .newlines)
        #expect(readme.contains(#".package(url: "https://github.com/tempo-swift/tempo", from: "\#(number)""#))
        #expect(changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") }?.hasPrefix("## \(number) ") == true)
    }
}
