import Foundation
import Testing

/// End-to-end: the built `tempo` binary, a temporary database and real processes. The wall clock
/// is fixed with `TEMPO_NOW`, so the numbers are exact and no test waits for a timer to run out;
/// only the live watcher's redraws take real seconds.
@Suite(.timeLimit(.minutes(2)))
struct TimerCommandTests {
    static let t0 = "2026-11-24T10:00:00Z"

    private func object(_ result: TempoBinary.Result) throws -> [String: Any] {
        try #require(try result.json() as? [String: Any], "\(result.stderr)")
    }

    /// `tempo ARGS` with the wall clock at `now`.
    @discardableResult
    private func run(_ tempo: TempoBinary, _ arguments: [String], at now: String = t0) throws -> TempoBinary.Result {
        try tempo.run(arguments, environment: ["TEMPO_NOW": now])
    }

    @Test func aTimerLivesInTheStoreNotInTheProcess() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let started = try run(tempo, ["timer", "start", "2s", "--label", "tea", "--json"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(try object(started)["state"] as? String == "running")
        #expect(try object(started)["deadline_at"] as? String == "2026-11-24T10:00:02Z")
        let status = try object(run(tempo, ["timer", "status", "tea", "--json"], at: "2026-11-24T10:00:03Z"))
        #expect(status["state"] as? String == "finished")
        #expect(status["remaining_s"] as? Double == 0)
        #expect(status["duration_s"] as? Double == 2)
        #expect(status["started_at"] as? String == Self.t0)
        #expect(status["finished_at"] as? String == "2026-11-24T10:00:02Z")
        #expect(Set(status.keys) == ["id", "label", "state", "duration_s", "elapsed_s", "remaining_s", "started_at", "finished_at", "deadline_at"])
        #expect(status["deadline_at"] is NSNull)
    }

    @Test func killingTheWatcherLosesNothing() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let (watcher, out, _) = try tempo.start(["timer", "10m", "--label", "egg"], environment: ["TEMPO_NOW": Self.t0])
        // Its first line means the timer is stored and the watcher is in its loop.
        #expect(!out.fileHandleForReading.availableData.isEmpty)
        kill(watcher.processIdentifier, SIGKILL)
        watcher.waitUntilExit()
        let status = try object(run(tempo, ["timer", "status", "egg", "--json"], at: "2026-11-24T10:01:00Z"))
        #expect(status["state"] as? String == "running")
        #expect(status["remaining_s"] as? Double == 540)
        let paused = try run(tempo, ["timer", "pause", "egg"], at: "2026-11-24T10:01:00Z")
        #expect(paused.status == 0, "\(paused.stderr)")
        let after = try object(run(tempo, ["timer", "status", "egg", "--json"], at: "2026-11-24T10:05:00Z"))
        #expect(after["state"] as? String == "paused")
        #expect(after["remaining_s"] as? Double == 540)
        #expect(try run(tempo, ["timer", "cancel"], at: "2026-11-24T10:05:00Z").status == 0)
        #expect(try object(run(tempo, ["timer", "status", "egg", "--json"], at: "2026-11-24T10:06:00Z"))["state"] as? String == "cancelled")
    }

    @Test func theWatcherPrintsOneLinePerSecondAndRunsTheThenCommand() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let marker = tempo.directory.appendingPathComponent("done").path
        let result = try run(tempo, ["timer", "2s", "--label", "soup", "--then",
                                     "echo \"$TEMPO_TIMER_LABEL $TEMPO_TIMER_FINISHED_AT\" > '\(marker)'"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("soup  0:00:02") == true)
        #expect(lines.contains { $0.hasPrefix("soup  0:00:01") })
        #expect(lines.contains { $0.contains("finished at") })
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "soup 2026-11-24T10:00:02Z\n")
    }

    @Test(arguments: [
        (["timer", "start", "5x"], Int32(64), "'5x' is not a duration"),
        (["timer", "start"], 64, "Missing expected argument"),
        (["timer", "start", "0s"], 64, "longer than zero"),
        (["timer", "pause", "nosuchtimer"], 1, "no timer matches 'nosuchtimer'"),
        (["timer", "resume"], 1, "no timer is paused; name one"),
        (["timer", "resume", "keep"], 1, "cannot resume: it is running"),
    ])
    func badInputIsOneClearLineAndChangesNothing(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try run(tempo, ["timer", "start", "10m", "--label", "keep"])
        let before = try run(tempo, ["timer", "list", "--json"]).stdout
        let result = try run(tempo, arguments)
        #expect(result.status == status)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try run(tempo, ["timer", "list", "--json"]).stdout == before)
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
}
