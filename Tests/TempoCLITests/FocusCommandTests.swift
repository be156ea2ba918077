import Foundation
import Testing

/// End-to-end: the built `tempo` binary against a temporary database, at fixed instants.
@Suite(.serialized) struct FocusCommandTests {
    @Test func startStatusStopAtFixedInstants() throws {
        let tempo = try FocusBinary(now: "2024-05-01T08:00:00Z")
        defer { tempo.cleanUp() }
        #expect(try tempo.run("focus", "config", "--tz", "Europe/Berlin", "--goal", "1h").status == 0)
        #expect(try tempo.run("focus", "start", "math").status == 0)
        let status = try tempo.run("focus", "status", "--json", now: "2024-05-01T08:25:00Z").json()
        #expect(status["running"] as? Bool == true)
        #expect(status["tag"] as? String == "math")
        #expect(status["started_at"] as? String == "2024-05-01T08:00:00Z")
        #expect(status["session_s"] as? Double == 1500)
        #expect(status["today_s"] as? Double == 1500)
        #expect(status["goal_s"] as? Double == 3600)
        #expect(status["streak_days"] as? Int == 0)
        #expect(status["growth_stage"] as? Int == 1)
        #expect(try tempo.run("focus", "pause", now: "2024-05-01T08:30:00Z").status == 0)
        #expect(try tempo.run("focus", "resume", now: "2024-05-01T08:40:00Z").status == 0)
        let switched = try tempo.run("focus", "start", "thesis", now: "2024-05-01T09:10:00Z")
        #expect(switched.stdout.contains("Stopped math"))
        #expect(try tempo.run("focus", "stop", now: "2024-05-01T09:40:00Z").status == 0)
        let after = try tempo.run("focus", "status", "--json", now: "2024-05-01T10:00:00Z").json()
        #expect(after["running"] as? Bool == false)
        #expect(after["today_s"] as? Double == 5400)
        #expect(after["streak_days"] as? Int == 1)
        #expect(after["growth_stage"] as? Int == 2)
        // The report says the same as status for today.
        let report = try tempo.run("focus", "report", "--json", now: "2024-05-01T10:00:00Z").json()
        let days = report["days"] as? [[String: Any]] ?? []
        #expect(days.last?["total_s"] as? Double == 5400)
        #expect(days.last?["sessions"] as? Int == 2)
        #expect(report["tz"] as? String == "Europe/Berlin")
        #expect(report["total_s"] as? Double == 5400)
        #expect(try tempo.run("focus", "stop").status == 1)
    }

    @Test func addAndReportAcrossTheBerlinSpringChange() throws {
        let tempo = try FocusBinary(now: "2024-04-02T12:00:00Z")
        defer { tempo.cleanUp() }
        try tempo.run("focus", "config", "--tz", "Europe/Berlin")
        #expect(try tempo.run("focus", "add", "--start", "2024-03-30 23:00", "--end", "2024-03-31 04:00", "--tag", "night").status == 0)
        let overlap = try tempo.run("focus", "add", "--start", "2024-03-31T01:00:00Z", "--end", "2024-03-31T06:00:00Z")
        #expect(overlap.status == 1)
        #expect(overlap.stderr.contains("night"))
        #expect(overlap.stderr.contains("use --trim"), "the tool adds its option to the library's message")
        #expect(try tempo.run("focus", "add", "--start", "2024-03-31T01:00:00Z", "--end", "2024-03-31T06:00:00Z", "--trim").status == 0)
        let report = try tempo.run("focus", "report", "--from", "2024-03-30", "--to", "2024-03-31", "--json").json()
        let days = report["days"] as? [[String: Any]] ?? []
        #expect(days.map { $0["date"] as? String } == ["2024-03-30", "2024-03-31"])
        let lengths: [Double?] = days.map { $0["day_length_s"] as? Double }
        let totals: [Double?] = days.map { $0["total_s"] as? Double }
        #expect(lengths == [86_400, 82_800])
        #expect(totals == [3600, 25_200])
        #expect(report["day_start"] as? String == "00:00")
        // The same history re-bucketed in New York with a 04:00 day start: nothing is lost.
        let other = try tempo.run("focus", "report", "--tz", "America/New_York", "--day-start", "04:00", "--json").json()
        #expect(other["total_s"] as? Double == 28_800)
        let table = try tempo.run("focus", "report", "--by", "tag")
        #expect(table.stdout.contains("night"))
    }

    @Test(arguments: [
        ["focus", "add", "--start", "2024-05-01T10:00:00Z", "--end", "2024-05-01T09:00:00Z"],
        ["focus", "add", "--start", "2024-03-31 02:30", "--end", "2024-03-31 04:00"],
        ["focus", "add", "--start", "tomorrow", "--end", "2024-03-31 04:00"],
        ["focus", "config", "--tz", "+09:00"],
        ["focus", "config", "--tz", "Mars/Olympus"],
        ["focus", "config", "--day-start", "25:00"],
        ["focus", "config", "--goal", "lots"],
        ["focus", "report", "--tz", "+09:00"],
        ["focus", "report", "--day-start", "25:00"],
        ["focus", "report", "--from", "2024-02-30"],
        ["focus", "import", "MALFORMED"],
        ["focus", "import", "WATSON-BAD"],
        ["focus", "import", "MISSING"],
        ["focus", "pause"],
        ["focus", "pomodoro", "--work", "0m"],
    ])
    func badInputIsOneLineAndChangesNothing(arguments: [String]) throws {
        let tempo = try FocusBinary(now: "2024-05-02T12:00:00Z")
        defer { tempo.cleanUp() }
        try tempo.run("focus", "config", "--tz", "Europe/Berlin", "--goal", "2h")
        try tempo.run("focus", "add", "--start", "2024-05-01T08:00:00Z", "--end", "2024-05-01T09:00:00Z", "--tag", "kept")
        try Data("[{\"start\": 17}".utf8).write(to: URL(fileURLWithPath: tempo.file("MALFORMED")))
        try Data("[[1714600000, 1714500000, \"p\", \"id1\", [], 0]]".utf8).write(to: URL(fileURLWithPath: tempo.file("WATSON-BAD")))
        let before = tempo.snapshot()
        let exportBefore = try tempo.run("focus", "export").stdout
        let args = arguments.map { ["MALFORMED", "WATSON-BAD", "MISSING"].contains($0) ? tempo.file($0) : $0 }
        let result = try tempo.run(args)
        #expect([1, 64].contains(result.status), "\(arguments) exited \(result.status)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(tempo.snapshot() == before, "database bytes changed")
        #expect(try tempo.run("focus", "export").stdout == exportBefore)
    }

    @Test func importsAreIdempotentAndExportRoundTrips() throws {
        let tempo = try FocusBinary(now: "2024-06-01T00:00:00Z")
        defer { tempo.cleanUp() }
        let timew = #"[{"id":2,"start":"20240501T080000Z","end":"20240501T090000Z","tags":["math","exam"]},{"id":1,"start":"20240502T100000Z"}]"#
        let watson = #"[[1714600000, 1714603600, "thesis", "0f2c", ["draft"], 1714603600]]"#
        try Data(timew.utf8).write(to: URL(fileURLWithPath: tempo.file("timew.json")))
        try Data(watson.utf8).write(to: URL(fileURLWithPath: tempo.file("frames")))
        #expect(try tempo.run("focus", "import", tempo.file("timew.json")).stdout.contains("Imported 1 session"))
        #expect(try tempo.run("focus", "import", tempo.file("timew.json")).stdout.contains("Imported 0 session"))
        #expect(try tempo.run("focus", "import", tempo.file("frames")).stdout.contains("Imported 1 session"))
        #expect(try tempo.run("focus", "import", tempo.file("frames")).stdout.contains("Imported 0 session"))
        let export = try tempo.run("focus", "export").stdout
        try Data(export.utf8).write(to: URL(fileURLWithPath: tempo.file("export.json")))
        let csv = try tempo.run("focus", "export", "--format", "csv").stdout
        try Data(csv.utf8).write(to: URL(fileURLWithPath: tempo.file("export.csv")))
        #expect(csv.hasPrefix("id,tags,started_at,stopped_at,duration_s,segments\n"))
        // Every tag kept: Timewarrior's two, Watson's project then its tags.
        let tags = ((try? JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])?["sessions"] as? [[String: Any]] ?? [])
            .map { $0["tags"] as? [String] ?? [] }
        #expect(tags == [["math", "exam"], ["thesis", "draft"]])
        // Its own export adds nothing here…
        #expect(try tempo.run("focus", "import", tempo.file("export.json")).stdout.contains("Imported 0 session"))
        // …and rebuilds the same ledger elsewhere, from JSON or CSV.
        for file in ["export.json", "export.csv"] {
            let other = try FocusBinary(now: "2024-06-01T00:00:00Z")
            defer { other.cleanUp() }
            #expect(try other.run("focus", "import", tempo.file(file)).stdout.contains("Imported 2 session"))
            #expect(try other.run("focus", "import", tempo.file(file)).stdout.contains("Imported 0 session"))
            let sessions = { (text: String) in
                ((try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["sessions"] as? [[String: Any]] ?? [])
                    .map { "\($0["id"] ?? "") \($0["tags"] ?? "") \($0["duration_s"] ?? "") \($0["started_at"] ?? "")" }
            }
            #expect(sessions(try other.run("focus", "export").stdout) == sessions(export))
        }
    }

    @Test func pomodoroKilledMidCycleResumesInTheRightPhase() throws {
        let tempo = try FocusBinary(now: "2024-05-01T08:00:00Z")
        defer { tempo.cleanUp() }
        // The live loop starts the cycle at 08:00 and is killed (SIGKILL) while it runs.
        let (process, _, _) = try tempo.start(["focus", "pomodoro", "--rounds", "2", "--tag", "pomo", "--tag", "deep work"])
        let deadline = Date().addingTimeInterval(20)
        var stored = false
        while Date() < deadline, !stored {
            Thread.sleep(forTimeInterval: 0.1)
            stored = (try? tempo.run("focus", "pomodoro", "--status", "--json").json()["active"] as? Bool) == true
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(stored)
        // 27 minutes after the start: the first short break, 3 minutes left; the first focus
        // session ended at its deadline (25 min), not when someone looked.
        let inBreak = try tempo.run("focus", "pomodoro", "--status", "--json", now: "2024-05-01T08:27:00Z").json()
        #expect(inBreak["phase"] as? String == "short_break")
        #expect(inBreak["round"] as? Int == 1)
        #expect(inBreak["remaining_s"] as? Double == 180)
        let status = try tempo.run("focus", "status", "--json", now: "2024-05-01T08:27:00Z").json()
        #expect(status["running"] as? Bool == false)
        #expect(status["today_s"] as? Double == 1500)
        // 31 minutes: the second focus period, started at the break's deadline (08:30).
        let second = try tempo.run("focus", "pomodoro", "--status", "--json", now: "2024-05-01T08:31:00Z").json()
        #expect(second["phase"] as? String == "work")
        #expect(second["round"] as? Int == 2)
        #expect(second["remaining_s"] as? Double == 1440)
        let running = try tempo.run("focus", "status", "--json", now: "2024-05-01T08:31:00Z").json()
        #expect(running["started_at"] as? String == "2024-05-01T08:30:00Z")
        #expect(running["tags"] as? [String] == ["pomo", "deep work"])
        // Long after the cycle: two 25-minute sessions, breaks not counted, cycle gone.
        let done = try tempo.run("focus", "pomodoro", "--status", "--json", now: "2024-05-01T12:00:00Z").json()
        #expect(done["active"] as? Bool == false)
        let report = try tempo.run("focus", "report", "--json", now: "2024-05-01T12:00:00Z").json()
        #expect(report["total_s"] as? Double == 3000)
    }

    @Test func pomodoroRunsToTheEndLive() throws {
        let tempo = try FocusBinary()
        defer { tempo.cleanUp() }
        let result = try tempo.run("focus", "pomodoro", "--work", "1s", "--short", "1s", "--long", "1s", "--rounds", "2")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Pomodoro cycle done"))
        let export = try tempo.run("focus", "export").json()
        let sessions = export["sessions"] as? [[String: Any]] ?? []
        #expect(sessions.count == 2)
        #expect(sessions.allSatisfy { ($0["duration_s"] as? Double).map { abs($0 - 1) < 1e-6 } == true })
    }

    @Test func watchPrintsPlainLinesWhenNotATerminal() throws {
        let tempo = try FocusBinary(now: "2024-05-01T08:10:00Z")
        defer { tempo.cleanUp() }
        try tempo.run("focus", "config", "--tz", "UTC", "--goal", "1h")
        try tempo.run("focus", "start", "math", now: "2024-05-01T08:00:00Z")
        let result = try tempo.run("focus", "watch", "--count", "2")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("10:00") == true)
        #expect(lines.first?.contains("marimo") == true)
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func zonesAreIANANamesIncludingKolkata() throws {
        let tempo = try FocusBinary(now: "2024-05-01T08:00:00Z")
        defer { tempo.cleanUp() }
        let result = try tempo.run("focus", "config", "--tz", "Asia/Kolkata", "--json")
        #expect(result.status == 0)
        #expect(try result.json()["tz"] as? String == "Asia/Kolkata")
    }

    @Test func calendarDrawsAHeatMapAndAnSVG() throws {
        let tempo = try FocusBinary(now: "2024-05-15T12:00:00Z")
        defer { tempo.cleanUp() }
        try tempo.run("focus", "config", "--tz", "UTC", "--goal", "1h")
        try tempo.run("focus", "add", "--start", "2024-05-13T08:00:00Z", "--end", "2024-05-13T09:30:00Z")
        try tempo.run("focus", "add", "--start", "2024-05-14T08:00:00Z", "--end", "2024-05-14T08:20:00Z")
        let result = try tempo.run("focus", "calendar", "--weeks", "2", "--svg", tempo.file("cal.svg"))
        #expect(result.status == 0)
        #expect(result.stdout.contains("Mon"))
        #expect(result.stdout.contains("█"))
        let svg = try String(contentsOfFile: tempo.file("cal.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains(#"data-date="2024-05-13" data-total-s="5400""#))
        #expect(svg.components(separatedBy: "<rect").count - 1 == 10 + 5)  // two weeks up to Wednesday, five legend levels
        #expect(svg.components(separatedBy: "data-date=").count - 1 == 10)
    }
}
