import Foundation
import Testing

/// Focus settings and sessions over real HTTP; the overlap rule is `tempo focus add`'s.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct FocusSessionTests {
    let id = "3f2b8c1e-9d4a-4c8e-8f00-000000000001"

    @Test(arguments: ServerEngine.available) func aSessionIsStoredOnceAndPutIsIdempotent(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let body: [String: Any] = ["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T10:30:00+01:00", "tag": "thesis"]
        let created = try await server.send("PUT", "/v1/focus/sessions/\(id)", json: body, token: token)
        #expect(created.status == 201, "\(created.text)")
        #expect(created.json["end"] as? String == "2026-11-18T09:30:00Z")
        let again = try await server.send("PUT", "/v1/focus/sessions/\(id)", json: body, token: token)
        #expect(again.status == 200)
        #expect(again.body == created.body)
        let feed = try await server.send("GET", "/v1/changes?since=0", token: token)
        #expect((feed.json["changes"] as? [Any])?.count == 1)
        let fetched = try await server.send("GET", "/v1/focus/sessions/\(id.uppercased())", token: token)
        #expect(fetched.status == 200)
        #expect(fetched.json["tag"] as? String == "thesis")
        #expect(try await server.send("GET", "/v1/focus/sessions/not-a-uuid", token: token).status == 400)
        try Self.expectDocumented(server)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func overlapsAreRefusedOrTrimmedAsFocusAddDoes(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        _ = try await server.send("PUT", "/v1/focus/sessions/\(id)", json: ["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T10:00:00Z"], token: token)
        let other = "3f2b8c1e-9d4a-4c8e-8f00-000000000002"
        let overlap = try await server.send("PUT", "/v1/focus/sessions/\(other)", json: ["start": "2026-11-18T09:30:00Z", "end": "2026-11-18T11:00:00Z"], token: token)
        #expect(overlap.status == 409)
        #expect(overlap.errorCode == "overlap")
        let trimmed = try await server.send("PUT", "/v1/focus/sessions/\(other)",
                                            json: ["start": "2026-11-18T08:30:00Z", "end": "2026-11-18T11:00:00Z", "trim": true], token: token)
        #expect(trimmed.status == 201)
        let segments = try #require(trimmed.json["segments"] as? [[String: Any]])
        #expect(segments.map { $0["start"] as? String } == ["2026-11-18T08:30:00Z", "2026-11-18T10:00:00Z"])
        #expect(segments.map { $0["end"] as? String } == ["2026-11-18T09:00:00Z", "2026-11-18T11:00:00Z"])
        let future = try await server.send("PUT", "/v1/focus/sessions/\(other)",
                                           json: ["start": "2030-01-01T00:00:00Z", "end": "2030-01-01T01:00:00Z"], token: token)
        #expect(future.status == 400)
        let backwards = try await server.send("PUT", "/v1/focus/sessions/\(other)",
                                              json: ["start": "2026-11-18T12:00:00Z", "end": "2026-11-18T11:00:00Z"], token: token)
        #expect(backwards.status == 400)
        // Inside a longer session, and inside a session still running since morning.
        let inside = "3f2b8c1e-9d4a-4c8e-8f00-000000000003"
        let within = try await server.send("PUT", "/v1/focus/sessions/\(inside)",
                                           json: ["start": "2026-11-18T09:10:00Z", "end": "2026-11-18T09:20:00Z"], token: token)
        #expect(within.status == 409)
        let running = "3f2b8c1e-9d4a-4c8e-8f00-000000000004"
        #expect(try await server.send("PUT", "/v1/focus/sessions/\(running)", json: ["start": "2026-11-18T11:00:00Z"], token: token).status == 201)
        let duringRun = try await server.send("PUT", "/v1/focus/sessions/\(inside)",
                                              json: ["start": "2026-11-18T11:05:00Z", "end": "2026-11-18T11:06:00Z"], token: token)
        #expect(duringRun.status == 409)
        try Self.expectDocumented(server)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func aDeletedSessionLeavesATombstoneAndStaysDeleted(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let body = ["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T10:00:00Z"]
        _ = try await server.send("PUT", "/v1/focus/sessions/\(id)", json: body, token: token)
        #expect(try await server.send("DELETE", "/v1/focus/sessions/\(id)", token: token).status == 204)
        #expect(try await server.send("DELETE", "/v1/focus/sessions/\(id)", token: token).status == 204)
        #expect(try await server.send("GET", "/v1/focus/sessions/\(id)", token: token).status == 404)
        #expect(try await server.send("PUT", "/v1/focus/sessions/\(id)", json: body, token: token).status == 409)
        let feed = try await server.send("GET", "/v1/changes?since=0&limit=10", token: token)
        let changes = try #require(feed.json["changes"] as? [[String: Any]])
        #expect(changes.map { $0["op"] as? String } == ["put", "delete"])
        #expect(changes.last?["record"] is NSNull)
        #expect(feed.json["next"] as? Int == changes.last?["seq"] as? Int)
        let rest = try await server.send("GET", "/v1/changes?since=\(feed.json["next"] as? Int ?? 0)", token: token)
        #expect((rest.json["changes"] as? [Any])?.isEmpty == true)
        #expect(try await server.send("GET", "/v1/changes?since=-1", token: token).status == 400)
        #expect(try await server.send("GET", "/v1/changes?limit=0", token: token).status == 400)
        try Self.expectDocumented(server)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func settingsAreCheckedAndFedOnceEachChange(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let defaults = try await server.send("GET", "/v1/focus/settings", token: token)
        #expect(defaults.json["tz"] as? String == "UTC")
        let set = try await server.send("PUT", "/v1/focus/settings", json: ["tz": "Europe/Berlin", "day_start": "4:00", "goal_s": 7200], token: token)
        #expect(set.status == 200, "\(set.text)")
        #expect(set.json["day_start"] as? String == "04:00")
        _ = try await server.send("PUT", "/v1/focus/settings", json: ["tz": "Europe/Berlin", "day_start": "04:00", "goal_s": 7200], token: token)
        for bad: [String: Any] in [["tz": "Mars/Olympus", "day_start": "04:00"], ["tz": "UTC", "day_start": "25:00"],
                                   ["tz": "UTC", "day_start": "04:00", "goal_s": 0], ["tz": "UTC", "day_start": "04:00", "goal_s": "2h"]] {
            let reply = try await server.send("PUT", "/v1/focus/settings", json: bad, token: token)
            #expect(reply.status == 400, "\(bad)")
        }
        let feed = try await server.send("GET", "/v1/changes", token: token)
        #expect((feed.json["changes"] as? [Any])?.count == 1)
        try Self.expectDocumented(server)
        await server.stop()
    }

    /// The status is answered from memory until a change: every change shows at once. (The
    /// server's clock reads 2026-11-18T11:06:40Z; the day is UTC's.)
    @Test(arguments: ServerEngine.available) func theStatusFollowsEveryChange(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("status@example.org")
        func status() async throws -> [String: Any] { try await server.send("GET", "/v1/focus/status", token: token).json }
        #expect(try await status()["today_s"] as? Double == 0)
        let hour: [String: Any] = ["start": "2026-11-18T08:00:00Z", "end": "2026-11-18T09:00:00Z", "tag": "thesis"]
        #expect(try await server.send("PUT", "/v1/focus/sessions/\(id)", json: hour, token: token).status == 201)
        #expect(try await status()["today_s"] as? Double == 3600)
        #expect(try await status()["streak_days"] as? Int == 1)
        _ = try await server.send("PUT", "/v1/focus/settings", json: ["tz": "UTC", "day_start": "00:00", "goal_s": 7200], token: token)
        #expect(try await status()["goal_progress"] as? Double == 0.5)
        #expect(try await status()["streak_days"] as? Int == 0)
        #expect(try await server.send("DELETE", "/v1/focus/sessions/\(id)", token: token).status == 204)
        #expect(try await status()["today_s"] as? Double == 0)
        let running = "3f2b8c1e-9d4a-4c8e-8f00-000000000002"
        #expect(try await server.send("PUT", "/v1/focus/sessions/\(running)", json: ["start": "2026-11-18T10:56:40Z"], token: token).status == 201)
        let live = try await status()
        #expect(live["running"] as? Bool == true)
        #expect(live["session_s"] as? Double == 600)
        #expect(live["today_s"] as? Double == 600)
        await server.stop()
    }

    static func expectDocumented(_ server: TestServer) throws {
        let routes = try OpenAPIRoutes()
        #expect(routes.undocumented(server.answers) == [])
    }
}
