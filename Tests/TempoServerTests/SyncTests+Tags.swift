import Foundation
import Testing

/// Several tags per session through `tempo sync` and the server's documents.
extension SyncTests {
    @Test func severalTagsTravelBothWaysAndOldClientsStillSendOne() async throws {
        let server = try await TestServer.start(now: Self.now)
        let laptop = try SyncDevice("laptop"), phone = try SyncDevice("phone")
        try await login(laptop, to: server, create: true)
        try await login(phone, to: server, create: false)
        try await laptop.run(["focus", "add", "--start", "2026-11-18T08:00:00Z", "--end", "2026-11-18T09:00:00Z",
                              "--tag", "thesis", "--tag", "writing"], now: Self.now)
        try await laptop.run(["focus", "add", "--start", "2026-11-18T09:00:00Z", "--end", "2026-11-18T09:30:00Z", "--tag", "mail"], now: Self.now)
        try await laptop.run(["sync"], now: Self.now)
        try await phone.run(["sync"], now: Self.now)
        #expect(try await phone.sessions(now: Self.now) == laptop.sessions(now: Self.now))
        let log = try JSONSerialization.jsonObject(with: Data(try await phone.run(["focus", "log", "--json"], now: Self.now).output.utf8))
        let sessions = try #require(log as? [[String: Any]])
        #expect(sessions.map { $0["tags"] as? [String] ?? [] } == [["thesis", "writing"], ["mail"]])

        // The server's document has both fields: every tag, and the first for one-tag clients.
        let id = try #require(sessions.first?["id"] as? String)
        let token = try token(of: laptop)
        let document = try await server.send("GET", "/v1/focus/sessions/\(id)", token: token)
        #expect(document.json["tags"] as? [String] == ["thesis", "writing"])
        #expect(document.json["tag"] as? String == "thesis")

        // An edit of the tags on the phone reaches the laptop.
        try await phone.run(["focus", "edit", String(id.prefix(8)), "--tag", "thesis", "--tag", "reading"], now: Self.now)
        try await phone.run(["sync"], now: Self.now)
        try await laptop.run(["sync"], now: Self.now)
        #expect(try await laptop.sessions(now: Self.now) == phone.sessions(now: Self.now))
        #expect(try await laptop.sessions(now: Self.now).contains { $0.contains(",thesis;reading,") })

        // A client before tag lists sends `tag` alone: one tag. `tags`, when given, wins.
        let old = "3f2b8c1e-9d4a-4c8e-8f00-00000000000a"
        let single = try await server.send("PUT", "/v1/focus/sessions/\(old)",
                                           json: ["start": "2026-11-18T10:00:00Z", "end": "2026-11-18T10:10:00Z", "tag": "legacy"], token: token)
        #expect(single.status == 201, "\(single.text)")
        #expect(single.json["tags"] as? [String] == ["legacy"])
        let both = try await server.send("PUT", "/v1/focus/sessions/\(old)",
                                         json: ["start": "2026-11-18T10:00:00Z", "end": "2026-11-18T10:10:00Z", "tag": "legacy",
                                                "tags": ["new", "list"]], token: token)
        #expect(both.json["tags"] as? [String] == ["new", "list"])
        #expect(both.json["tag"] as? String == "new")
        // The server's report by tag counts a session under each of its tags, as the CLI does.
        let report = try await server.send("GET", "/v1/focus/report?from=2026-11-18&to=2026-11-18&by=tag", token: token)
        let totals = (report.json["groups"] as? [[String: Any]] ?? []).map { "\($0["key"] ?? "-")=\($0["total_s"] ?? "-")" }.sorted()
        #expect(totals == ["list=600", "mail=1800", "new=600", "reading=3600", "thesis=3600"], "\(report.text)")
        try FocusSessionTests.expectDocumented(server)
        await server.stop()
    }
}
