import Foundation
import Testing

/// The server's `DeadlineScheduler` announcing each running timer's end once, at its deadline
/// on the system clock, on the live streams and in the feed — across a restart too.
///
/// These tests check latency against the wall clock (an end announced within 1 s of its
/// deadline), which only means something on a machine not saturated by other suites:
/// `scripts/test` runs them after the other suites (`--skip TimerDeadlineTests`), side by side
/// with each other only: they spend their time waiting.
@Suite(.timeLimit(.minutes(3)))
struct TimerDeadlineTests {
    @Test(arguments: ServerEngine.available) func aCountdownsEndReachesTheLiveStreamAtItsDeadlineOnce(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: nil)  // the system clock: this test waits for a deadline
        let token = try await server.signUp("ada@example.org")
        let stream = try EventStreamClient(url: URL(string: "/v1/live", relativeTo: server.baseURL)!, token: token)
        try await Task.sleep(for: .milliseconds(300))
        // Seconds per step of the scenario: long enough that its seven requests fit in one step on a
        // busy machine (the checks below are relative to the steps).
        let step = 3.0
        let startMilliseconds = TimerTests.millisecondsNow()
        let start = Date(timeIntervalSince1970: Double(startMilliseconds) / 1000), deadline = start.addingTimeInterval(2 * step)
        let running = { TimerTests.running(from: startMilliseconds, for: $0) }
        // The one that finishes; one paused and one deleted before their deadlines, which must stay
        // silent; one moved from step 1 to step 2.5 (paused a while by its device), announced only then.
        #expect(try await server.send("PUT", "/v1/timers/\(TimerTests.timerID(1))", json: running(2 * step), token: token).status == 201)
        #expect(try await server.send("PUT", "/v1/timers/\(TimerTests.timerID(2))", json: running(step), token: token).status == 201)
        #expect(try await server.send("PUT", "/v1/timers/\(TimerTests.timerID(3))", json: running(1.5 * step), token: token).status == 201)
        #expect(try await server.send("PUT", "/v1/timers/\(TimerTests.timerID(4))", json: running(step), token: token).status == 201)
        let paused: [String: Any] = ["state": "paused", "duration_s": step, "started_at": TimerTests.text(milliseconds: startMilliseconds), "elapsed_s": 0.25]
        #expect(try await server.send("PUT", "/v1/timers/\(TimerTests.timerID(2))", json: paused, token: token).status == 200)
        #expect(try await server.send("DELETE", "/v1/timers/\(TimerTests.timerID(3))", token: token).status == 204)
        var moved = running(step)
        moved["deadline_at"] = TimerTests.text(milliseconds: startMilliseconds + Int(2500 * step))
        #expect(try await server.send("PUT", "/v1/timers/\(TimerTests.timerID(4))", json: moved, token: token).status == 200)
        #expect(Date() < start.addingTimeInterval(step), "the set-up took too long to prove anything")
        await stream.wait(for: 8, seconds: 2 * step + 3)
        let arrival = Date()
        let events = stream.events
        #expect(events.count == 8)
        #expect(events.allSatisfy { $0.name == "timer" })
        #expect(arrival.timeIntervalSince(deadline) > -0.05 && arrival.timeIntervalSince(deadline) < 1, "arrived \(arrival.timeIntervalSince(deadline)) s after the deadline")
        let last = try JSONSerialization.jsonObject(with: Data((events.last?.data ?? "{}").utf8)) as? [String: Any] ?? [:]
        #expect(last["op"] as? String == "finished" && last["id"] as? String == TimerTests.timerID(1))
        let record = last["record"] as? [String: Any] ?? [:]
        #expect(record["state"] as? String == "finished" && record["remaining_s"] as? Double == 0)
        #expect(record["finished_at"] as? String == TimerTests.text(milliseconds: startMilliseconds + Int(2000 * step)))

        await stream.wait(for: 9, seconds: step + 2)
        let movedArrival = Date().timeIntervalSince(start.addingTimeInterval(2.5 * step))
        #expect(stream.events.count == 9 && stream.events.last?.data.contains(TimerTests.timerID(4)) == true)
        #expect(movedArrival > -0.05 && movedArrival < 1, "arrived \(movedArrival) s after the moved deadline")

        // Past every deadline: nothing more, and the feed holds one `finished` per timer that ran out.
        try await Task.sleep(for: .milliseconds(500))
        #expect(stream.events.count == 9)
        let finished = try await TimerTests.timerChanges(server, token: token).filter { $0["op"] as? String == "finished" }
        #expect(finished.compactMap { $0["id"] as? String } == [TimerTests.timerID(1), TimerTests.timerID(4)])
        let read = try await server.send("GET", "/v1/timers/\(TimerTests.timerID(1))", token: token)
        #expect(read.json["state"] as? String == "finished")
        #expect(read.json["finished_at"] as? String == TimerTests.text(milliseconds: startMilliseconds + Int(2000 * step)))
        stream.close()
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aRestartKeepsRunningTimersAndAnnouncesEachEndOnce(engine: ServerEngine) async throws {
        let first = try await TestServer.start(engine: engine, now: nil)
        let token = try await first.signUp("ada@example.org")
        let startMilliseconds = TimerTests.millisecondsNow()
        let start = Date(timeIntervalSince1970: Double(startMilliseconds) / 1000)
        let running = { TimerTests.running(from: startMilliseconds, for: $0) }
        // Deadlines `step` seconds apart: set-up requests must fit in one step (3 s: a loaded CI machine).
        let step = 3.0
        // One ends while the server is down, one after it is back.
        #expect(try await first.send("PUT", "/v1/timers/\(TimerTests.timerID(1))", json: running(step), token: token).status == 201)
        #expect(try await first.send("PUT", "/v1/timers/\(TimerTests.timerID(2))", json: running(4 * step), token: token).status == 201)
        let seen = try await first.send("GET", "/v1/changes", token: token).json["next"] as? Int ?? 0
        await first.stop()
        #expect(Date() < start.addingTimeInterval(step), "the set-up took too long to prove anything")
        try await Task.sleep(for: .seconds(max(0, start.addingTimeInterval(1.5 * step).timeIntervalSinceNow)))

        let second = try await TestServer.start(engine: engine, now: nil, databasePath: first.databasePath)
        let stream = try EventStreamClient(url: URL(string: "/v1/live", relativeTo: second.baseURL)!, token: token, lastEventID: seen)
        // The missed deadline is announced at start-up; the other at its deadline.
        await stream.wait(for: 1, seconds: 2)
        #expect(stream.events.first?.data.contains(TimerTests.timerID(1)) == true)
        #expect(stream.events.first?.data.contains("\"finished\"") == true)
        await stream.wait(for: 2, seconds: 3 * step + 2)
        let arrival = Date(), deadline = start.addingTimeInterval(4 * step)
        #expect(stream.events.count == 2)
        #expect(stream.events.last?.data.contains(TimerTests.timerID(2)) == true)
        #expect(arrival.timeIntervalSince(deadline) > -0.05 && arrival.timeIntervalSince(deadline) < 1, "arrived \(arrival.timeIntervalSince(deadline)) s after the deadline")
        stream.close()
        await second.stop()

        // Another restart announces nothing again.
        let third = try await TestServer.start(engine: engine, now: nil, databasePath: first.databasePath)
        try await Task.sleep(for: .milliseconds(700))
        let finished = try await TimerTests.timerChanges(third, token: token).filter { $0["op"] as? String == "finished" }
        #expect(finished.compactMap { $0["id"] as? String } == [TimerTests.timerID(1), TimerTests.timerID(2)])
        let finishedAt = finished.map { ($0["record"] as? [String: Any])?["finished_at"] as? String }
        #expect(finishedAt == [TimerTests.text(milliseconds: startMilliseconds + Int(1000 * step)), TimerTests.text(milliseconds: startMilliseconds + Int(4000 * step))])
        await third.stop()
    }
}
