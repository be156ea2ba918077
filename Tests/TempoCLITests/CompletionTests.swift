import Foundation
import Testing

/// Issue 13: the shell completions list timer labels and ids and run ids from the store. Bash
/// runs the generated script for real (its completion function, as the shell calls it on Tab);
/// zsh and fish are not on the test machine, so their scripts are checked to ask the binary.
@Suite(.timeLimit(.minutes(2)))
struct CompletionTests {
    static let now = ["TEMPO_NOW": "2026-11-24T10:00:00Z"]

    /// What bash offers after `line` (which ends where Tab is pressed).
    private func bashCompletes(_ line: String, tempo: TempoBinary, script: String) throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _tempo tempo "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program]
        var environment = ProcessInfo.processInfo.environment
        environment["TEMPO_DB"] = tempo.database
        environment["PATH"] = TempoBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesTimerLabelsAndRunIDsFromTheStore() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let tea = try #require(try tempo.run(["timer", "start", "5m", "--label", "tea", "--json"], environment: Self.now).json() as? [String: Any])
        #expect(try tempo.run(["timer", "start", "9m", "--label", "toast"], environment: Self.now).status == 0)
        let imported = try tempo.run("run", "import", RunFixtures.path("run-3laps.tcx"), "--json")
        let runID = try #require((try imported.json() as? [[String: Any]])?.first?["id"] as? String)
        let script = tempo.file("tempo.bash")
        let generated = try tempo.run("--generate-completion-script", "bash")
        try generated.stdout.write(toFile: script, atomically: true, encoding: .utf8)

        let timers = try bashCompletes("tempo timer pause ", tempo: tempo, script: script)
        let teaID = String((tea["id"] as? String ?? "").prefix(8))
        #expect(Set(timers).isSuperset(of: ["tea", "toast", teaID]), "\(timers)")
        #expect(try bashCompletes("tempo timer status te", tempo: tempo, script: script) == ["tea"])
        #expect(Set(try bashCompletes("tempo timer clear t", tempo: tempo, script: script)) == ["tea", "toast"])
        #expect(try bashCompletes("tempo run show ", tempo: tempo, script: script) == [String(runID.prefix(8))])
        // The store named on the line is the one read.
        #expect(try bashCompletes("tempo timer pause --db \(tempo.file("empty.sqlite")) ", tempo: tempo, script: script).isEmpty)
    }

    @Test func zshAndFishScriptsAskTheBinaryForTimersAndRuns() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for shell in ["zsh", "fish"] {
            let script = try tempo.run("--generate-completion-script", shell).stdout
            #expect(script.contains("---completion timer pause -- "), "\(shell)")
            #expect(script.contains("---completion run show -- "), "\(shell)")
        }
    }
}
