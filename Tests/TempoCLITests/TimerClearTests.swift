import Foundation
import Testing

/// Issue 13: `timer resume` with no argument takes the one paused timer; `timer clear` removes
/// ended timers (named ones whatever their state). Fixed instants (`TEMPO_NOW`).
@Suite(.timeLimit(.minutes(2)))
struct TimerClearTests {
    static let t0 = "2026-11-24T10:00:00Z"

    @discardableResult
    private func run(_ tempo: TempoBinary, _ arguments: [String], at now: String) throws -> TempoBinary.Result {
        try tempo.run(arguments, environment: ["TEMPO_NOW": now])
    }

    private func labels(_ tempo: TempoBinary, at now: String) throws -> [String: String] {
        let list = try #require(try run(tempo, ["timer", "list", "--json"], at: now).json() as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["label"] as? String ?? "", $0["state"] as? String ?? "") })
    }

    /// tea finished at 10:01, soup cancelled at 10:02, bread running, egg paused (at 10:05).
    private func fourTimers() throws -> TempoBinary {
        let tempo = try TempoBinary()
        for (label, duration) in [("tea", "1m"), ("soup", "10m"), ("bread", "1h"), ("egg", "10m")] {
            #expect(try run(tempo, ["timer", "start", duration, "--label", label], at: Self.t0).status == 0)
        }
        #expect(try run(tempo, ["timer", "cancel", "soup"], at: "2026-11-24T10:02:00Z").status == 0)
        #expect(try run(tempo, ["timer", "pause", "egg"], at: "2026-11-24T10:03:00Z").status == 0)
        return tempo
    }

    @Test func resumeWithoutAnArgumentTakesTheOnePausedTimerWhileAnotherRuns() throws {
        let tempo = try fourTimers()
        defer { tempo.cleanUp() }
        let resumed = try run(tempo, ["timer", "resume"], at: "2026-11-24T10:05:00Z")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("Resumed egg ("), "\(resumed.stdout)")
        #expect(resumed.stdout.contains("7:00 left"), "\(resumed.stdout)")
        #expect(try labels(tempo, at: "2026-11-24T10:05:00Z")["egg"] == "running")
        // None paused now: refused, with the reason.
        let none = try run(tempo, ["timer", "resume"], at: "2026-11-24T10:06:00Z")
        #expect(none.status == 1)
        #expect(none.stderr == "tempo: no timer is paused; name one (see `tempo timer list`)\n")
        // Two paused: refused, naming both.
        #expect(try run(tempo, ["timer", "pause", "egg"], at: "2026-11-24T10:07:00Z").status == 0)
        #expect(try run(tempo, ["timer", "pause", "bread"], at: "2026-11-24T10:07:00Z").status == 0)
        let two = try run(tempo, ["timer", "resume"], at: "2026-11-24T10:08:00Z")
        #expect(two.status == 1)
        #expect(two.stderr.hasPrefix("tempo: several timers are paused (") && two.stderr.contains("egg") && two.stderr.contains("bread"))
    }

    @Test func clearRemovesEndedTimersAndSaysWhich() throws {
        let tempo = try fourTimers()
        defer { tempo.cleanUp() }
        let now = "2026-11-24T10:05:00Z"
        #expect(try labels(tempo, at: now) == ["tea": "finished", "soup": "cancelled", "bread": "running", "egg": "paused"])
        let cleared = try run(tempo, ["timer", "clear"], at: now)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stdout.hasPrefix("Removed 2 timer(s): "), "\(cleared.stdout)")
        #expect(cleared.stdout.contains("tea (") && cleared.stdout.contains("(finished)") && cleared.stdout.contains("soup ("))
        #expect(try labels(tempo, at: now) == ["bread": "running", "egg": "paused"])
        #expect(try run(tempo, ["timer", "clear"], at: now).stdout == "No timers to clear.\n")
        // Named, a running timer goes.
        let named = try run(tempo, ["timer", "clear", "bread", "--json"], at: now)
        let removed = try #require(try named.json() as? [[String: Any]])
        #expect(removed.map { $0["label"] as? String } == ["bread"])
        #expect(try labels(tempo, at: now) == ["egg": "paused"])
    }

    @Test func clearFinishedAndBeforeChooseAmongEndedTimers() throws {
        let tempo = try fourTimers()
        defer { tempo.cleanUp() }
        let now = "2026-11-26T12:00:00Z"
        // bread finished at 11:00 on the 24th, tea at 10:01; soup was cancelled (not finished).
        let finished = try run(tempo, ["timer", "clear", "--finished", "--before", "2026-11-24T10:30:00Z", "--json"], at: now)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect((try finished.json() as? [[String: Any]])?.map { $0["label"] as? String } == ["tea"])
        // Nothing ended before the 24th (local midnight; the machine's zone is at most 14 h off UTC).
        #expect(try run(tempo, ["timer", "clear", "--before", "2026-11-23"], at: now).stdout == "No timers to clear.\n")
        let rest = try run(tempo, ["timer", "clear", "--before", "2026-11-26"], at: now)
        #expect(rest.stdout.hasPrefix("Removed 2 timer(s): "), "\(rest.stdout)")
        #expect(try labels(tempo, at: now) == ["egg": "paused"])
        // A bad date or a mix of names and filters is a usage error; nothing changes.
        let before = tempo.snapshot()
        for bad in [["--before", "2026-13-01"], ["egg", "--finished"], ["--before", "yesterdayish"]] {
            let result = try run(tempo, ["timer", "clear"] + bad, at: now)
            #expect(result.status == 64, "\(bad): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(tempo.snapshot() == before)
    }
}
