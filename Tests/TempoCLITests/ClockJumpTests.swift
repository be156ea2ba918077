import Foundation
import Testing

/// Issue 14, clocks: the wall clock (`TEMPO_NOW`) jumps ±1 h and ±1 day while a timer, a focus
/// session, a pomodoro cycle and a recording run. Expected values are wall-clock arithmetic
/// done by hand from the instants given (no Tempo code computes them): nothing negative,
/// nothing counted twice, nothing lost.
@Suite(.serialized) struct ClockJumpTests {
    static let t0 = "2026-11-24T10:00:00Z"

    private func json(_ tempo: TempoBinary, _ arguments: [String], at now: String) throws -> [String: Any] {
        let result = try tempo.run(arguments + ["--json"], environment: ["TEMPO_NOW": now])
        #expect(result.status == 0, "\(arguments) at \(now): \(result.stderr)")
        return try #require(try result.json() as? [String: Any], "\(result.stdout)")
    }

    @Test func aTimerAcrossClockJumps() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        _ = try json(tempo, ["timer", "start", "10m", "--label", "tea"], at: Self.t0)
        // The clock goes back an hour: nothing has elapsed, nothing is negative.
        var status = try json(tempo, ["timer", "status", "tea"], at: "2026-11-24T09:00:00Z")
        #expect(status["elapsed_s"] as? Double == 0 && status["remaining_s"] as? Double == 600, "\(status)")
        // Paused two minutes in; resumed after the clock went back an hour.
        #expect(try tempo.run(["timer", "pause", "tea"], environment: ["TEMPO_NOW": "2026-11-24T10:02:00Z"]).status == 0)
        #expect(try tempo.run(["timer", "resume", "tea"], environment: ["TEMPO_NOW": "2026-11-24T09:02:00Z"]).status == 0)
        status = try json(tempo, ["timer", "status", "tea"], at: "2026-11-24T09:05:00Z")
        #expect(status["elapsed_s"] as? Double == 300 && status["remaining_s"] as? Double == 300, "\(status)")
        // A day later it finished exactly when its last 8 minutes ran out after the resume.
        status = try json(tempo, ["timer", "status", "tea"], at: "2026-11-25T10:00:00Z")
        #expect(status["state"] as? String == "finished")
        #expect(status["finished_at"] as? String == "2026-11-24T09:10:00Z", "\(status)")
        #expect(status["elapsed_s"] as? Double == 600)
    }

    @Test func aFocusSessionAcrossClockJumps() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "config", "--tz", "UTC").status == 0)
        #expect(try tempo.run(["focus", "start", "thesis"], environment: ["TEMPO_NOW": Self.t0]).status == 0)
        var status = try json(tempo, ["focus", "status"], at: "2026-11-24T09:00:00Z")
        #expect(status["session_s"] as? Double == 0 && status["today_s"] as? Double == 0, "\(status)")
        status = try json(tempo, ["focus", "status"], at: "2026-11-24T11:00:00Z")
        #expect(status["session_s"] as? Double == 3600 && status["today_s"] as? Double == 3600, "\(status)")
        // A day later the session has run 24 h; the new day holds its last 10 of them.
        status = try json(tempo, ["focus", "status"], at: "2026-11-25T10:00:00Z")
        #expect(status["session_s"] as? Double == 86_400 && status["today_s"] as? Double == 36_000, "\(status)")
        #expect(try tempo.run(["focus", "stop"], environment: ["TEMPO_NOW": "2026-11-24T12:00:00Z"]).status == 0)
        let report = try json(tempo, ["focus", "report", "--from", "2026-11-24", "--to", "2026-11-25"], at: "2026-11-26T00:00:00Z")
        #expect(report["total_s"] as? Double == 7200, "\(report)")
    }

    @Test func aPomodoroAcrossClockJumps() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "config", "--tz", "UTC").status == 0)
        // The cycle is stored by the first command; its watcher is killed (the cycle runs on).
        let (process, out, _) = try tempo.start(
            ["focus", "pomodoro", "--work", "25m", "--short", "5m", "--long", "15m", "--rounds", "2"],
            environment: ["TEMPO_NOW": Self.t0])
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, (try? json(tempo, ["focus", "pomodoro", "--status"], at: Self.t0))?["active"] as? Bool != true {
            usleep(50_000)
        }
        process.terminate()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var status = try json(tempo, ["focus", "pomodoro", "--status"], at: "2026-11-24T09:00:00Z")
        #expect(status["phase"] as? String == "work" && status["remaining_s"] as? Double == 1500, "\(status)")
        // A day later: two focus periods of 25 min were recorded, the breaks were not.
        status = try json(tempo, ["focus", "pomodoro", "--status"], at: "2026-11-25T10:00:00Z")
        #expect(status["active"] as? Bool == false, "\(status)")
        let report = try json(tempo, ["focus", "report", "--from", "2026-11-24", "--to", "2026-11-25"], at: "2026-11-25T10:00:00Z")
        #expect(report["total_s"] as? Double == 3000, "\(report)")
    }

    /// A receiver whose clock jumps back an hour mid-run: the fixes from the past are dropped,
    /// the run's time stays what the fixes before the jump and after it cover.
    @Test func aRecordingWhoseFixTimesJumpBack() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        var points: [String] = []
        func point(_ index: Int, _ time: Date) -> String {
            let latitude = 37.5 + Double(index) * 3.0 / 111_000  // 3 m/s north
            return "<trkpt lat=\"\(latitude)\" lon=\"127.0\"><time>\(time.formatted(.iso8601))</time></trkpt>"
        }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for index in 0..<120 { points.append(point(index, start.addingTimeInterval(Double(index)))) }
        for index in 120..<180 { points.append(point(index, start.addingTimeInterval(Double(index) - 3600))) }
        let file = tempo.file("jump.gpx")
        try Data("""
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """.utf8).write(to: URL(fileURLWithPath: file))
        let run = try json(tempo, ["run", "record", "--replay", file, "--speed", "0"], at: Self.t0)
        let timer = try #require(run["timer_s"] as? Double)
        #expect(timer == 119, "\(run)")
        #expect((run["moving_s"] as? Double ?? -1) >= 0 && (run["moving_s"] as? Double ?? 1e9) <= 119)
        // The file's summary says the same (it stopped at the jumped-back fix before the fix).
        let summary = try json(tempo, ["run", "summary", file], at: Self.t0)
        #expect(summary["timer_s"] as? Double == 119 && summary["moving_s"] as? Double == run["moving_s"] as? Double, "\(summary)")
    }

    @Test(arguments: ["2300-01-01T00:00:00Z", "1960-01-01T00:00:00Z"])
    func aClockOutsideTheValidRangeIsRefused(_ now: String) throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        for arguments in [["timer", "start", "5m"], ["focus", "start"], ["focus", "status"], ["places", "add", "x", "--at", "1,2", "--radius", "5m"]] {
            let result = try tempo.run(arguments, environment: ["TEMPO_NOW": now])
            #expect(result.status == 1 && result.stderr.contains("TEMPO_NOW") && result.stderr.contains("out of range"),
                    "\(arguments): \(result.stderr)")
        }
        #expect(tempo.snapshot().isEmpty)
    }
}
