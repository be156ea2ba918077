import Foundation
import Testing

/// `GET /v1/live` with a real client: a change by one device reaches the others' streams
/// within a second; a reconnect with `Last-Event-ID` catches up without gaps or repeats.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LiveTests {
    private func session(_ n: Int) -> String { String(format: "5e55f0c1-0000-4000-8000-%012d", n) }

    private func put(_ server: TestServer, _ n: Int, token: String) async throws {
        let start = 3600 * n
        let body = ["start": Self.instant(start), "end": Self.instant(start + 600)]
        let reply = try await server.send("PUT", "/v1/focus/sessions/\(session(n))", json: body, token: token)
        #expect(reply.status == 201, "\(reply.text)")
    }

    private static func instant(_ offset: Int) -> String {
        Date(timeIntervalSince1970: 1_790_000_000 + Double(offset)).formatted(Date.ISO8601FormatStyle())
    }

    @Test(arguments: ServerEngine.available) func aChangeReachesEveryOpenStreamOfItsAccountOnly(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let laptop = try await server.signUp("ada@example.org")
        let phone = try await server.send("POST", "/v1/tokens", json: ["email": "ada@example.org", "password": "correct horse", "device": "phone"])
            .json["token"] as? String ?? ""
        let bob = try await server.signUp("bob@example.org")
        let live = URL(string: "/v1/live", relativeTo: server.baseURL)!
        let phoneStream = try EventStreamClient(url: live, token: phone)
        let bobStream = try EventStreamClient(url: live, token: bob)
        try await Task.sleep(for: .milliseconds(300))  // both streams open
        try await put(server, 1, token: laptop)
        let latency = await phoneStream.wait(for: 1)
        #expect(latency != nil && latency! < 1, "latency \(String(describing: latency))")
        #expect(phoneStream.events.first?.name == "focus")
        #expect(phoneStream.events.first?.data.contains(session(1)) == true)
        try await Task.sleep(for: .milliseconds(200))
        #expect(bobStream.events.isEmpty)
        phoneStream.close()
        bobStream.close()
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aReconnectCatchesUpWithLastEventID(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let live = URL(string: "/v1/live", relativeTo: server.baseURL)!
        let first = try EventStreamClient(url: live, token: token)
        try await Task.sleep(for: .milliseconds(300))
        try await put(server, 1, token: token)
        try await put(server, 2, token: token)
        await first.wait(for: 2)
        let before = first.events
        let seen = try #require(before.last?.id)
        first.close()
        // Offline: two changes happen meanwhile.
        try await put(server, 3, token: token)
        try await put(server, 4, token: token)
        let second = try EventStreamClient(url: live, token: token, lastEventID: seen)
        await second.wait(for: 2)
        try await put(server, 5, token: token)
        await second.wait(for: 3)
        try await Task.sleep(for: .milliseconds(200))
        let ids = (before + second.events).map(\.id)
        #expect(ids == Array(ids.first!...ids.first! + 4), "\(ids)")
        #expect(second.events.map { $0.data.contains(session(3)) } == [true, false, false])
        second.close()
        await server.stop()
    }
}
