import Foundation
import Synchronization
import Testing

/// Two `tempo serve --postgres` processes on one PostgreSQL database (run when
/// `TEMPO_TEST_POSTGRES` is set, as `scripts/postgres` does): a change made through one reaches
/// the other's live streams and its cached answers within a second; a countdown's end
/// is announced once; concurrent writers through both leave a change feed without gap,
/// repetition or reordering, and every acknowledged write survives `kill -9` of both.
@Suite(.serialized, .timeLimit(.minutes(5)), .enabled(if: ServerEngine.postgresURL != nil, "TEMPO_TEST_POSTGRES is not set"))
struct MultiProcessTests {
    private static func session(_ writer: Int, _ index: Int) -> String {
        String(format: "3a17e000-0000-4000-8000-%04x%08x", writer, index)
    }

    /// A 30-second session starting `offset` minutes before the test servers' clock (distinct
    /// offsets never overlap; offset 60 is today's).
    private static func sessionBody(minutesBefore offset: Int) -> [String: String] {
        let start = Date(timeIntervalSince1970: 1_795_000_000 - Double(offset) * 60)
        return ["start": start.formatted(.iso8601), "end": start.addingTimeInterval(30).formatted(.iso8601)]
    }

    @Test func aChangeThroughOneServerReachesTheOthersStreamsCachesAndTokens() async throws {
        let first = try await TestServer.start(engine: .postgres)
        let second = try await TestServer.start(engine: .postgres, databasePath: first.databasePath)
        let laptop = try await first.signUp("ada@example.org")
        let phone = try await second.send("POST", "/v1/tokens", json: ["email": "ada@example.org", "password": "correct horse", "device": "phone"])
            .json["token"] as? String ?? ""
        // The second server derives (and caches) the status before the change.
        let before = try await second.send("GET", "/v1/focus/status", token: phone)
        #expect(before.status == 200)
        let stream = try EventStreamClient(url: URL(string: "/v1/live", relativeTo: second.baseURL)!, token: phone)
        try await Task.sleep(for: .milliseconds(300))  // the stream is open
        let put = try await first.send("PUT", "/v1/focus/sessions/\(Self.session(0, 1))", json: Self.sessionBody(minutesBefore: 60), token: laptop)
        #expect(put.status == 201, "\(put.text)")
        // Through the other server, once the change's notification arrived (polled for at most a
        // second): its cached answer is derived again.
        var after = try await second.send("GET", "/v1/focus/status", token: phone)
        for _ in 0..<100 where after.text == before.text {
            try await Task.sleep(for: .milliseconds(10))
            after = try await second.send("GET", "/v1/focus/status", token: phone)
        }
        #expect(after.text != before.text, "the second server answered from its cache a second after a change through the first")
        let direct = try await first.send("GET", "/v1/focus/status", token: laptop)
        #expect(after.text == direct.text)
        let latency = await stream.wait(for: 1)
        #expect(latency != nil && latency! < 1, "latency \(String(describing: latency))")
        #expect(stream.events.first?.name == "focus" && stream.events.first?.data.contains(Self.session(0, 1)) == true)
        stream.close()
        // A token revoked through one server stops working on the other (once its notification
        // arrived: polled for at most a second).
        #expect(try await second.send("GET", "/v1/focus/settings", token: laptop).status == 200)
        #expect(try await first.send("DELETE", "/v1/tokens/current", token: laptop).status == 204)
        var refused = false
        for _ in 0..<100 where !refused {
            refused = try await second.send("GET", "/v1/focus/settings", token: laptop).status == 401
            if !refused { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(refused, "a token revoked through one server still works on the other after 1 s")
        await first.stop()
        await second.stop()
    }

    @Test func aCountdownsEndIsAnnouncedOnceByTwoServers() async throws {
        let first = try await TestServer.start(engine: .postgres, now: nil)
        let second = try await TestServer.start(engine: .postgres, now: nil, databasePath: first.databasePath)
        let token = try await first.signUp("ada@example.org")
        let stream = try EventStreamClient(url: URL(string: "/v1/live", relativeTo: second.baseURL)!, token: token)
        try await Task.sleep(for: .milliseconds(300))
        let startMilliseconds = TimerTests.millisecondsNow()
        let id = "7133e500-0000-4000-8000-00000000aaaa"
        // Stored through the first server; the second learns of it from the notification, and both schedule it.
        let put = try await first.send("PUT", "/v1/timers/\(id)", json: TimerTests.running(from: startMilliseconds, for: 2), token: token)
        #expect(put.status == 201, "\(put.text)")
        await stream.wait(for: 2, seconds: 6)
        try await Task.sleep(for: .milliseconds(500))  // a second announcement would have come by now
        let names = stream.events.compactMap { event in
            (try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])?["op"] as? String
        }
        #expect(names == ["put", "finished"])
        let feed = try await first.send("GET", "/v1/changes?since=0", token: token).json["changes"] as? [[String: Any]] ?? []
        #expect(feed.filter { $0["op"] as? String == "finished" }.count == 1)
        stream.close()
        await first.stop()
        await second.stop()
    }

    /// Writers through both servers for `TEMPO_FEED_SECONDS` (default 5; `scripts/feed-check`
    /// runs 30) while a reader follows the feed; then both servers are killed with SIGKILL mid-stream.
    @Test func concurrentWritersThroughTwoServersLeaveAGapFreeFeedThatSurvivesKill9() async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["TEMPO_FEED_SECONDS"] ?? "") ?? 5
        let writers = 8
        let first = try await TestServer.start(engine: .postgres)
        let second = try await TestServer.start(engine: .postgres, databasePath: first.databasePath)
        let token = try await first.signUp("writer@example.org")
        let log = FeedLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                let server = writer.isMultiple(of: 2) ? first : second
                group.addTask {
                    // Until the servers are killed under it (a failed request was not acknowledged).
                    for index in 0... {
                        let id = Self.session(writer, index)
                        guard let reply = try? await server.send("PUT", "/v1/focus/sessions/\(id)",
                                                                 json: Self.sessionBody(minutesBefore: 120 + writer * 200_000 + index),
                                                                 token: token) else { return }
                        #expect(reply.status == 201, "\(reply.text)")
                        if reply.status == 201 { log.acknowledged.withLock { _ = $0.insert(id) } }
                    }
                }
            }
            // A device following the feed while it grows: it must never miss an entry that
            // commits behind its cursor.
            group.addTask {
                var since = 0
                while let page = try? await second.send("GET", "/v1/changes?since=\(since)&limit=1000", token: token).json {
                    let changes = page["changes"] as? [[String: Any]] ?? []
                    log.followed.withLock { $0 += changes.compactMap { $0["seq"] as? Int } }
                    since = page["next"] as? Int ?? since
                    if changes.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
                }
            }
            try await Task.sleep(for: .seconds(seconds))
            // Both killed mid-stream, with writes in flight.
            await first.crash()
            await second.crash()
            try await group.waitForAll()
        }

        let restarted = try await TestServer.start(engine: .postgres, databasePath: first.databasePath)
        var entries: [(seq: Int, id: String)] = []
        var since = 0
        while true {
            let page = try await restarted.send("GET", "/v1/changes?since=\(since)&limit=1000", token: token).json
            let changes = page["changes"] as? [[String: Any]] ?? []
            if changes.isEmpty { break }
            entries += changes.compactMap { change in (change["seq"] as? Int).flatMap { seq in (change["id"] as? String).map { (seq, $0) } } }
            since = page["next"] as? Int ?? since
        }
        let acknowledged = log.acknowledged.withLock { $0 }
        let seqs = entries.map(\.seq)
        #expect(acknowledged.count >= writers, "too few writes got in: \(acknowledged.count)")
        #expect(Set(entries.map(\.id)).isSuperset(of: acknowledged), "every acknowledged write is in the feed after kill -9")
        #expect(entries.count == Set(entries.map(\.id)).count, "no write is in the feed twice")
        // One account, the only writer: its entries are numbered without a gap.
        #expect(seqs == Array((seqs.first ?? 1)..<((seqs.first ?? 1) + seqs.count)), "the feed has a gap or is out of order")
        // What the follower read is exactly the start of the final feed: nothing committed behind its cursor.
        let followed = log.followed.withLock { $0 }
        #expect(followed == Array(seqs.prefix(followed.count)), "the follower missed or repeated an entry")
        print("feed check: \(writers) writers, \(seconds) s, \(acknowledged.count) acknowledged writes, \(seqs.count) feed entries")
        await restarted.stop()
    }
}

/// What the concurrent writers and the follower saw.
private final class FeedLog: Sendable {
    /// The sessions whose `PUT` was answered 201.
    let acknowledged = Mutex<Set<String>>([])
    /// The feed's `seq`s in the order the follower read them.
    let followed = Mutex<[Int]>([])
}
