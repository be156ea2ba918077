import Foundation
import Testing

/// Timers in the sync scenarios: each device's `tempo timer status --json` against the server's GET.
extension SyncTests {
    /// A: `tea` running after a pause and `oven` paused; B: `eggs` finished and `bread` cancelled.
    func startTimersOffline(_ a: SyncDevice, _ b: SyncDevice) async throws {
        let now = Self.now
        try await a.run(["timer", "start", "10m", "--label", "tea"], now: now.addingTimeInterval(-400))
        try await a.run(["timer", "pause", "tea"], now: now.addingTimeInterval(-300))
        try await a.run(["timer", "resume", "tea"], now: now.addingTimeInterval(-200))
        try await a.run(["timer", "start", "30m", "--label", "oven"], now: now.addingTimeInterval(-1000))
        try await a.run(["timer", "pause", "oven"], now: now.addingTimeInterval(-100))
        try await b.run(["timer", "start", "5m", "--label", "eggs"], now: now.addingTimeInterval(-900))
        try await b.run(["timer", "start", "1h", "--label", "bread"], now: now.addingTimeInterval(-500))
        try await b.run(["timer", "cancel", "bread"], now: now.addingTimeInterval(-50))
    }

    /// Every timer of a device at `now`, by label, as `tempo timer status LABEL --json` prints it
    /// (its id read from `tempo timer list --json`).
    func timers(of device: SyncDevice, at now: Date) async throws -> [String: String] {
        let listed = try await device.run(["timer", "list", "--json"], now: now).output
        let timers = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
        var shown: [String: String] = [:]
        for timer in timers {
            let id = timer["id"] as? String ?? "?"
            shown[id] = try Self.canonical(try await device.run(["timer", "status", id, "--json"], now: now).output)
        }
        return shown
    }

    /// Every timer of the account, from `GET /v1/timers/{id}` for each id in `ids`.
    func serverTimers(_ server: TestServer, token: String, ids: some Sequence<String>) async throws -> [String: String] {
        var shown: [String: String] = [:]
        for id in ids {
            let answer = try await server.send("GET", "/v1/timers/\(id)", token: token)
            #expect(answer.status == 200, "GET /v1/timers/\(id)")
            shown[id] = try Self.canonical(String(decoding: answer.body, as: UTF8.self))
        }
        return shown
    }

    /// A JSON object's text with sorted keys (pretty-printed or not).
    static func canonical(_ text: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: ServerEngine.available, [true, false])
    func timersOnTwoDevicesReadTheSameOnBothAndOnTheServerInEitherOrder(engine: ServerEngine, aFirst: Bool) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let a = try SyncDevice("a"), b = try SyncDevice("b")
        try await startTimersOffline(a, b)
        let beforeA = try await timers(of: a, at: Self.now), beforeB = try await timers(of: b, at: Self.now)
        try await login(a, to: server, create: true)
        try await login(b, to: server, create: false)
        let (first, second) = aFirst ? (a, b) : (b, a)
        #expect(try await first.run(["sync"], now: Self.now).output == "pushed 2, pulled 0\n")
        #expect(try await second.run(["sync"], now: Self.now).output == "pushed 2, pulled 2\n")
        #expect(try await first.run(["sync"], now: Self.now).output == "pushed 0, pulled 2\n")
        #expect(try await second.run(["sync"], now: Self.now).output == "pushed 0, pulled 0\n")

        let onA = try await timers(of: a, at: Self.now), onB = try await timers(of: b, at: Self.now)
        #expect(onA.count == 4)
        #expect(onA == onB)
        #expect(onA == (try await serverTimers(server, token: try token(of: a), ids: onA.keys)))
        // Each device's own timers read as before the sync, and the states are the four expected.
        #expect(onA.filter { beforeA[$0.key] != nil } == beforeA)
        #expect(onA.filter { beforeB[$0.key] != nil } == beforeB)
        let states = onA.values.compactMap { text in ["running", "paused", "finished", "cancelled"].first { text.contains("\"state\":\"\($0)\"") } }
        #expect(states.sorted() == ["cancelled", "finished", "paused", "running"])

        // Later, the running timer has finished on both devices alike, and nothing is offered
        // again: what was acknowledged does not change as a timer counts down.
        let later = Self.now.addingTimeInterval(1000)
        let laterA = try await timers(of: a, at: later)
        #expect(laterA == (try await timers(of: b, at: later)))
        #expect(laterA.values.filter { $0.contains("\"state\":\"finished\"") }.count == 2)
        #expect(try await a.run(["sync"], now: later).output == "pushed 0, pulled 0\n")

        // A timer paused on one device is resumed there and the change reaches the other.
        try await a.run(["timer", "resume", "oven"], now: Self.now.addingTimeInterval(10))
        #expect(try await a.run(["sync"], now: Self.now.addingTimeInterval(10)).output == "pushed 1, pulled 0\n")
        #expect(try await b.run(["sync"], now: Self.now.addingTimeInterval(10)).output == "pushed 0, pulled 1\n")
        #expect(try await timers(of: a, at: later) == (try await timers(of: b, at: later)))

        // A deletion made through the API reaches both devices.
        let victim = try #require(onA.keys.sorted().first)
        #expect(try await server.send("DELETE", "/v1/timers/\(victim)", token: try token(of: a)).status == 204)
        #expect(try await a.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        #expect(try await b.run(["sync"], now: Self.now).output == "pushed 0, pulled 1\n")
        // (Read after the resume: B knows the oven only as the document pushed then.)
        let resumedAt = Self.now.addingTimeInterval(10)
        let afterA = try await timers(of: a, at: resumedAt)
        #expect(afterA.count == 3 && afterA[victim] == nil)
        #expect(afterA == (try await timers(of: b, at: resumedAt)))
        await server.stop()
    }
}
