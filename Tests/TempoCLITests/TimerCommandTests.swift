import Foundation
import Testing

/// End-to-end: the built `tempo` binary, a temporary database, real processes and real time.
@Suite(.timeLimit(.minutes(2)))
struct TimerCommandTests {
    private func object(_ result: TempoBinary.Result) throws -> [String: Any] {
        try #require(try result.json() as? [String: Any])
    }

    private func date(_ value: Any?) throws -> Date {
        let text = try #require(value as? String)
        return try #require(try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)))
    }

    @Test func aTimerLivesInTheStoreNotInTheProcess() async throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let started = try tempo.run("timer", "start", "2s", "--label", "tea", "--json")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(try object(started)["state"] as? String == "running")
        try await Task.sleep(for: .seconds(3))
        let status = try object(tempo.run("timer", "status", "tea", "--json"))
        #expect(status["state"] as? String == "finished")
        #expect(status["remaining_s"] as? Double == 0)
        #expect(status["duration_s"] as? Double == 2)
        let finishedAt = try date(status["finished_at"]), startedAt = try date(status["started_at"])
        #expect(abs(finishedAt.timeIntervalSince(startedAt) - 2) < 0.001)
        #expect(Set(status.keys).isSuperset(of: ["id", "label", "state", "duration_s", "elapsed_s", "remaining_s", "started_at", "finished_at"]))
    }

    @Test func killingTheWatcherLosesNothing() async throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        // Ten minutes, so that a loaded machine (other tests holding the cooperative threads can
        // delay this task's wake-up by tens of seconds) never lets it finish before it is checked.
        let (watcher, _, _) = try tempo.start(["timer", "10m", "--label", "egg"])
        try await Task.sleep(for: .seconds(1.5))
        kill(watcher.processIdentifier, SIGKILL)
        watcher.waitUntilExit()
        let status = try object(tempo.run("timer", "status", "egg", "--json"))
        #expect(status["state"] as? String == "running")
        let remaining = try #require(status["remaining_s"] as? Double)
        #expect(remaining > 300 && remaining < 599.9)
        let paused = try tempo.run("timer", "pause", "egg")
        #expect(paused.status == 0, "\(paused.stderr)")
        let after = try object(tempo.run("timer", "status", "egg", "--json"))
        #expect(after["state"] as? String == "paused")
        #expect(try tempo.run("timer", "cancel").status == 0)
        #expect(try object(tempo.run("timer", "status", "egg", "--json"))["state"] as? String == "cancelled")
    }

    @Test func theWatcherPrintsOneLinePerSecondAndRunsTheThenCommand() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let marker = tempo.directory.appendingPathComponent("done").path
        let result = try tempo.run("timer", "2s", "--label", "soup", "--then", "echo \"$TEMPO_TIMER_LABEL\" > '\(marker)'")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("soup  00:02") == true)
        #expect(lines.contains { $0.hasPrefix("soup  00:01") })
        #expect(lines.contains { $0.contains("finished at") })
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "soup\n")
    }

    @Test(arguments: [
        (["timer", "start", "5x"], Int32(64), "'5x' is not a duration"),
        (["timer", "start"], 64, "Missing expected argument"),
        (["timer", "start", "0s"], 64, "longer than zero"),
        (["timer", "pause", "nosuchtimer"], 1, "no timer matches 'nosuchtimer'"),
        (["timer", "resume"], 1, "cannot resume: it is running"),
    ])
    func badInputIsOneClearLineAndChangesNothing(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.run("timer", "start", "10m", "--label", "keep")
        let before = try tempo.run("timer", "list", "--json").stdout
        let result = try tempo.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let after = try tempo.run("timer", "list", "--json").stdout
        #expect(try stripTimes(before) == stripTimes(after))
    }

    @Test func aCorruptDatabaseIsReportedAndLeftAlone() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: tempo.database))
        let result = try tempo.run("timer", "list")
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a Tempo database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: tempo.database)) == garbage)
    }

    @Test func twoProcessesWritingAtOnceBothSucceed() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try tempo.run("timer", "list")  // create the schema first, as any first use does
        let processes = try (0..<8).map { try tempo.start(["timer", "start", "\($0 + 1)m", "--label", "p\($0)"]) }
        for (process, _, _) in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.0.terminationStatus == 0 })
        let list = try #require(try tempo.run("timer", "list", "--json").json() as? [[String: Any]])
        #expect(list.count == 8)
    }

    /// `elapsed_s` and `remaining_s` move with time; compare everything else.
    private func stripTimes(_ json: String) throws -> [[String: String]] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return list.map { $0.filter { !["elapsed_s", "remaining_s"].contains($0.key) }.mapValues { "\($0)" } }
    }
}
