import Foundation
import Testing

/// `PUT /v1/focus/sessions/{id}` with `segments`: a paused session, as `tempo sync` pushes it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct FocusSegmentsTests {
    let paused = "3f2b8c1e-9d4a-4c8e-8f00-0000000000a1"
    let other = "3f2b8c1e-9d4a-4c8e-8f00-0000000000a2"

    func body(trim: Bool) -> [String: Any] {
        ["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T10:30:00Z", "tag": "thesis", "trim": trim,
         "segments": [["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T09:40:00Z"],
                      ["start": "2026-11-17T10:00:00Z", "end": "2026-11-17T10:30:00Z"]]]
    }

    func stretches(_ reply: TestServer.Reply) -> [String] {
        (reply.json["segments"] as? [[String: Any]] ?? []).map { "\($0["start"] as? String ?? "")/\($0["end"] as? String ?? "")" }
    }

    @Test(arguments: ServerEngine.available) func aPausedSessionKeepsItsStretchesAndOnlyThoseAreCheckedForOverlaps(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        // 09:45–09:55 lies in the pause: no overlap.
        let inPause = try await server.send("PUT", "/v1/focus/sessions/\(other)",
                                            json: ["start": "2026-11-17T09:45:00Z", "end": "2026-11-17T09:55:00Z"], token: token)
        #expect(inPause.status == 201)
        let created = try await server.send("PUT", "/v1/focus/sessions/\(paused)", json: body(trim: false), token: token)
        #expect(created.status == 201, "\(created.text)")
        #expect(stretches(created) == ["2026-11-17T09:00:00Z/2026-11-17T09:40:00Z", "2026-11-17T10:00:00Z/2026-11-17T10:30:00Z"])
        #expect(created.json["end"] as? String == "2026-11-17T10:30:00Z")
        let again = try await server.send("PUT", "/v1/focus/sessions/\(paused)", json: body(trim: false), token: token)
        #expect(again.status == 200 && again.body == created.body)
        // 40 + 30 + 10 minutes: the pause does not count.
        let report = try await server.send("GET", "/v1/focus/report?from=2026-11-17&to=2026-11-17", token: token)
        #expect(report.json["total_s"] as? Double == 4800, "\(report.text)")
        try FocusSessionTests.expectDocumented(server)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func eachStretchIsTrimmedOrRefusedOnItsOwn(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        // Covers 09:20–09:40 of the first stretch.
        #expect(try await server.send("PUT", "/v1/focus/sessions/\(other)",
                                      json: ["start": "2026-11-17T09:20:00Z", "end": "2026-11-17T09:50:00Z"], token: token).status == 201)
        let refused = try await server.send("PUT", "/v1/focus/sessions/\(paused)", json: body(trim: false), token: token)
        #expect(refused.status == 409 && refused.errorCode == "overlap", "\(refused.text)")
        let trimmed = try await server.send("PUT", "/v1/focus/sessions/\(paused)", json: body(trim: true), token: token)
        #expect(trimmed.status == 201, "\(trimmed.text)")
        #expect(stretches(trimmed) == ["2026-11-17T09:00:00Z/2026-11-17T09:20:00Z", "2026-11-17T10:00:00Z/2026-11-17T10:30:00Z"])

        // A stretch covered entirely drops out; a session covered entirely is refused.
        let covered = "3f2b8c1e-9d4a-4c8e-8f00-0000000000a3"
        let partly: [String: Any] = ["start": "2026-11-17T09:25:00Z", "end": "2026-11-17T11:00:00Z", "trim": true,
                                     "segments": [["start": "2026-11-17T09:25:00Z", "end": "2026-11-17T09:45:00Z"],
                                                  ["start": "2026-11-17T10:40:00Z", "end": "2026-11-17T11:00:00Z"]]]
        let kept = try await server.send("PUT", "/v1/focus/sessions/\(covered)", json: partly, token: token)
        #expect(kept.status == 201, "\(kept.text)")
        #expect(stretches(kept) == ["2026-11-17T10:40:00Z/2026-11-17T11:00:00Z"])
        let whole: [String: Any] = ["start": "2026-11-17T10:05:00Z", "end": "2026-11-17T10:25:00Z", "trim": true,
                                    "segments": [["start": "2026-11-17T10:05:00Z", "end": "2026-11-17T10:10:00Z"],
                                                 ["start": "2026-11-17T10:15:00Z", "end": "2026-11-17T10:25:00Z"]]]
        let none = try await server.send("PUT", "/v1/focus/sessions/3f2b8c1e-9d4a-4c8e-8f00-0000000000a4", json: whole, token: token)
        #expect(none.status == 409 && none.errorCode == "overlap", "\(none.text)")
        try FocusSessionTests.expectDocumented(server)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available, [
        ["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T10:30:00Z",
         "segments": [["start": "2026-11-17T09:10:00Z", "end": "2026-11-17T10:30:00Z"]]],
        ["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T10:00:00Z",
         "segments": [["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T10:30:00Z"]]],
        ["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T10:30:00Z",
         "segments": [["start": "2026-11-17T10:00:00Z", "end": "2026-11-17T10:30:00Z"], ["start": "2026-11-17T09:00:00Z", "end": "2026-11-17T09:30:00Z"]]],
    ] as [[String: any Sendable]])
    func stretchesThatDoNotFitTheSessionAreRefused(engine: ServerEngine, body: [String: any Sendable]) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let reply = try await server.send("PUT", "/v1/focus/sessions/\(paused)", json: body, token: token)
        #expect(reply.status == 400, "\(reply.text)")
        await server.stop()
    }
}
