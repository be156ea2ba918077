import Foundation
import Testing

/// Issue 13: `--db` and `--json` anywhere on the line, for every command family: before the
/// family, between it and the command, and at the end all read the same store the same way.
@Suite(.timeLimit(.minutes(3)))
struct AnywhereOptionsTests {
    static let now = ["TEMPO_NOW": "2026-11-24T10:00:00Z"]

    /// `words` with `--db PATH --json` put before the family, after it, or at the end.
    static func placed(_ words: [String], _ options: [String], at position: Int) -> [String] {
        var line = words
        line.insert(contentsOf: options, at: min(position, words.count))
        return line
    }

    @Test func dbAndJSONWorkBeforeBetweenAndAfterTheSubcommands() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let other = tempo.file("other.sqlite")
        // Writes, each with --db in another position; the default store ($TEMPO_DB) stays absent.
        let writes: [[String]] = [
            ["--db", other, "timer", "start", "5m", "--label", "anywhere"],
            ["focus", "--db", other, "add", "--start", "2026-11-24T08:00:00Z", "--end", "2026-11-24T09:00:00Z", "--tag", "t"],
            ["places", "add", "Seoul", "--at", "37.5665,126.9780", "--radius", "3km", "--db=\(other)"],
            ["run", "--db", other, "import", RunFixtures.path("run-3laps.tcx")],
        ]
        for line in writes {
            let result = try tempo.run(line, environment: Self.now)
            #expect(result.status == 0, "\(line): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: tempo.database))

        let reads: [(words: [String], shows: String)] = [
            (["timer", "list"], "anywhere"), (["timer", "status", "anywhere"], "anywhere"),
            (["focus", "status"], "today_s"), (["focus", "report"], "total_s"),
            (["places", "list"], "Seoul"), (["run", "list"], "run-3laps.tcx"), (["badges"], "["),
        ]
        for (words, shows) in reads {
            var outputs: Set<String> = []
            for position in [0, 1, words.count] {
                for options in [["--db", other, "--json"], ["--json", "--db=\(other)"]] {
                    let line = Self.placed(words, options, at: position)
                    let result = try tempo.run(line, environment: Self.now)
                    #expect(result.status == 0, "\(line): \(result.stderr)")
                    #expect(result.stdout.contains(shows), "\(line): \(result.stdout)")
                    #expect((try? result.json()) != nil, "\(line) is not JSON: \(result.stdout)")
                    outputs.insert(result.stdout)
                }
            }
            #expect(outputs.count == 1, "\(words): the positions disagree")
        }
        #expect(!FileManager.default.fileExists(atPath: tempo.database))
    }

    @Test func jsonStillNeedsACommandThatPrintsIt() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        // `timer pause` prints no JSON: --json is refused there, wherever it stands.
        for line in [["--json", "timer", "pause"], ["timer", "pause", "--json"]] {
            let result = try tempo.run(line, environment: Self.now)
            #expect(result.status == 64, "\(line): \(result.stderr)")
            #expect(result.stderr == "tempo: Unknown option '--json' (see `tempo help`)\n")
        }
    }
}
