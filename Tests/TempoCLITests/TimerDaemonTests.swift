import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 13: `timer start --notify` rings without a watcher. These run the built binary on real,
/// short durations (no `TEMPO_NOW`: the daemon waits on the wall clock), with a fake
/// `notify-send` first on PATH that appends its arguments to a file: our own stand-in for the
/// desktop's program, so a ring is a line in that file.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TimerDaemonTests {
    /// A test store with a fake `notify-send` and a `--then` log beside it.
    struct Bench {
        let tempo: TempoBinary
        var rings: String { tempo.file("rings.log") }
        var thens: String { tempo.file("then.log") }
        var lock: String { tempo.database + ".timer-daemon.lock" }
        var environment: [String: String] {
            ["PATH": tempo.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        }

        init() throws {
            tempo = try TempoBinary()
            let bin = tempo.file("bin")
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let script = "#!/bin/sh\nprintf '%s|' \"$@\" >> '\(rings)'\necho >> '\(rings)'\n"
            try script.write(toFile: bin + "/notify-send", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/notify-send")
        }

        func run(_ arguments: String...) throws -> TempoBinary.Result {
            try tempo.run(arguments, environment: environment)
        }

        /// The lines of a log (none when it does not exist).
        func lines(_ path: String) -> [String] {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// Whether a daemon holds the lock now.
        var daemonRuns: Bool {
            let descriptor = open(lock, O_RDONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return true }
            flock(descriptor, LOCK_UN)
            return false
        }

        /// The pid the running daemon wrote in its lock file.
        func daemonPID() async throws -> pid_t {
            // Up to 15 s of the clock, however few of them this task is scheduled in (a busy machine).
            let end = ContinuousClock.now + .seconds(15)
            repeat {
                if daemonRuns, let text = try? String(contentsOfFile: lock, encoding: .utf8),
                   let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
                try await Task.sleep(for: .milliseconds(50))
            } while ContinuousClock.now < end
            Issue.record("no daemon started")
            return -1
        }

        /// Waits (up to `limit`) until `condition` holds; returns whether it did.
        func waitFor(_ limit: Duration = .seconds(15), _ condition: () -> Bool) async throws -> Bool {
            let end = ContinuousClock.now + limit
            while ContinuousClock.now < end {
                if condition() { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return condition()
        }
    }

    @Test func aNotifyTimerRingsOnceWithoutAWatcherAndTheDaemonLeaves() async throws {
        let bench = try Bench()
        defer { bench.tempo.cleanUp() }
        let start = try bench.run("timer", "start", "1s", "--label", "tea", "--notify", "--then", "echo \"$TEMPO_TIMER_LABEL\" >> '\(bench.thens)'")
        #expect(start.status == 0, "\(start.stderr)")
        // The command returned at once; the daemon rings, runs --then, and exits with nothing left.
        #expect(try await bench.waitFor { bench.lines(bench.thens).count == 1 })
        #expect(try await bench.waitFor { !bench.daemonRuns })
        let rings = bench.lines(bench.rings)
        #expect(rings.count == 1, "\(rings)")
        #expect(rings.first?.hasPrefix("--app-name=tempo|tempo: tea|tea finished at ") == true, "\(rings)")
        #expect(bench.lines(bench.thens) == ["tea"])
        let status = try #require(try bench.run("timer", "status", "tea", "--json").json() as? [String: Any])
        #expect(status["state"] as? String == "finished")
        // A daemon started again finds nothing to ring.
        #expect(try bench.run("timer", "daemon").status == 0)
        #expect(bench.lines(bench.rings).count == 1)
    }

    @Test func aKilledDaemonRingsThePendingTimerOnceWhenStartedAgain() async throws {
        let bench = try Bench()
        defer { bench.tempo.cleanUp() }
        // Long enough that the daemon is still waiting when it is found and killed, on a busy
        // machine too (CI once found a 2 s timer's daemon already gone).
        let deadline = ContinuousClock.now + .seconds(8)
        #expect(try bench.run("timer", "start", "8s", "--label", "egg", "--notify").status == 0)
        let pid = try await bench.daemonPID()
        try #require(pid > 0)
        kill(pid, SIGKILL)
        #expect(try await bench.waitFor { !bench.daemonRuns })
        #expect(bench.lines(bench.rings).isEmpty, "rang before its deadline")
        // Well past the deadline, nothing rang: the daemon was dead.
        try await Task.sleep(until: deadline + .seconds(1))
        #expect(bench.lines(bench.rings).isEmpty)
        // As after a reboot: a daemon started by hand rings it once, and returns.
        let restarted = try bench.run("timer", "daemon")
        #expect(restarted.status == 0, "\(restarted.stderr)")
        #expect(bench.lines(bench.rings).count == 1)
        #expect(bench.lines(bench.rings).first?.contains("egg finished at") == true)
        #expect(try bench.run("timer", "daemon").status == 0)
        #expect(bench.lines(bench.rings).count == 1, "rang twice: \(bench.lines(bench.rings))")
    }

    @Test func theDaemonRereadsTheStoreWhenATimerIsCancelledOrAdded() async throws {
        let bench = try Bench()
        defer { bench.tempo.cleanUp() }
        #expect(try bench.run("timer", "start", "8s", "--label", "first", "--notify").status == 0)
        let pid = try await bench.daemonPID()
        // A second timer joins the running daemon (no second process), and rings before the first.
        #expect(try bench.run("timer", "start", "1s", "--label", "second", "--notify").status == 0)
        #expect(try await bench.daemonPID() == pid)
        #expect(try await bench.waitFor { bench.lines(bench.rings).count == 1 })
        #expect(bench.lines(bench.rings).first?.contains("second finished") == true)
        // Cancelling the first leaves nothing to ring: the daemon exits long before its deadline.
        #expect(try bench.run("timer", "cancel", "first").status == 0)
        #expect(try await bench.waitFor(.seconds(4)) { !bench.daemonRuns })
        #expect(bench.lines(bench.rings).count == 1, "\(bench.lines(bench.rings))")
    }

    @Test func aPausedTimerWaitsWithoutADaemonAndResumeStartsOneThatRingsIt() async throws {
        let bench = try Bench()
        defer { bench.tempo.cleanUp() }
        // 10 s, so that the timer is still running when this task, on a busy machine, finds its
        // daemon and pauses it (CI once found a 4 s timer already rung).
        let started = ContinuousClock.now
        #expect(try bench.run("timer", "start", "10s", "--label", "bread", "--notify").status == 0)
        _ = try await bench.daemonPID()
        #expect(try bench.run("timer", "pause", "bread").status == 0)
        // Nothing runs towards a deadline: the daemon leaves, and nothing rings past the deadline
        // the timer had before its pause.
        #expect(try await bench.waitFor(.seconds(4)) { !bench.daemonRuns })
        try await Task.sleep(until: started + .seconds(11), clock: .continuous)
        #expect(bench.lines(bench.rings).isEmpty)
        // `resume` (no argument: the one paused timer) starts a daemon again, which rings it once.
        #expect(try bench.run("timer", "resume").status == 0)
        #expect(try await bench.waitFor(.seconds(25)) { bench.lines(bench.rings).count == 1 })
        #expect(bench.lines(bench.rings).first?.contains("bread finished at") == true)
        #expect(try await bench.waitFor { !bench.daemonRuns })
        #expect(bench.lines(bench.rings).count == 1)
    }
}
