import Foundation
import Testing
import TempoTestSupport

/// `PUT /v1/focus/sessions/{id}` with `segments`: a stopped session that was paused, as `tempo
/// sync` pushes it, and an active one paused and resumed, as the dashboard keeps it.
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

    /// Sets the CLI's ledger to the same session through `focus start/pause/resume --at` and
    /// returns its `focus status --json` at the server's now (the document the server must match).
    private func cliStatus(_ commands: [[String]]) async throws -> [String: Any] {
        let database = TestDirectory.root.path + "/tempo-paused-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: database) }
        for command in commands { try await TestServer.cli(["focus"] + command, database: database, now: TestServer.defaultNow) }
        let text = try await TestServer.cli(["focus", "status", "--json"], database: database, now: TestServer.defaultNow)
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test(arguments: ServerEngine.available) func anActiveSessionIsPausedResumedAndStoppedThroughItsStretches(engine: ServerEngine) async throws {
        // The server's now is 2026-11-18T11:06:40Z (UTC days): every stretch below is today's.
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let start = "2026-11-18T09:00:00Z", tags = ["thesis", "reading"]
        let first: [String: Any] = ["start": start, "end": "2026-11-18T09:30:00Z"]
        func put(_ id: String, _ body: [String: Any]) async throws -> TestServer.Reply {
            try await server.send("PUT", "/v1/focus/sessions/\(id)", json: body, token: token)
        }
        func status() async throws -> [String: Any] { try await server.send("GET", "/v1/focus/status", token: token).json }
        #expect(try await put(paused, ["start": start, "tags": tags]).status == 201)

        // Paused at 09:30: 30 minutes focused, the same status the CLI prints for the same pause.
        let pause = try await put(paused, ["start": start, "tags": tags, "segments": [first]])
        #expect(pause.status == 200, "\(pause.text)")
        #expect(pause.json["end"] == nil && stretches(pause) == ["2026-11-18T09:00:00Z/2026-11-18T09:30:00Z"])
        let pausedStatus = try await status()
        #expect(pausedStatus["running"] as? Bool == false && pausedStatus["paused"] as? Bool == true)
        #expect(pausedStatus["session_id"] as? String == paused && pausedStatus["tags"] as? [String] == tags)
        #expect(pausedStatus["session_s"] as? Double == 1800 && pausedStatus["today_s"] as? Double == 1800)
        let cliPaused = try await cliStatus([["start", "thesis", "reading", "--at", start], ["pause", "--at", "2026-11-18T09:30:00Z"]])
        for key in ["running", "paused", "tags", "started_at", "session_s", "today_s", "date"] {
            #expect("\(pausedStatus[key] ?? "nil")" == "\(cliPaused[key] ?? "nil")", "\(key)")
        }

        // While it is paused no other session may start; one may be added in the pause.
        let beside = try await put(other, ["start": "2026-11-18T10:00:00Z"])
        #expect(beside.status == 409 && beside.errorCode == "overlap" && beside.errorMessage.contains("is paused"), "\(beside.text)")
        #expect(try await put(other, ["start": "2026-11-18T09:40:00Z", "end": "2026-11-18T09:50:00Z"]).status == 201)

        // Resumed at 10:30 and running at 11:06:40: 30 + 36:40 focused in the session.
        let segments: [[String: Any]] = [first, ["start": "2026-11-18T10:30:00Z", "end": NSNull()]]
        let resume = try await put(paused, ["start": start, "tags": tags, "segments": segments])
        #expect(resume.status == 200, "\(resume.text)")
        let running = try await status()
        #expect(running["running"] as? Bool == true && running["paused"] as? Bool == false)
        #expect(running["session_s"] as? Double == 1800 + 2200 && running["today_s"] as? Double == 1800 + 2200 + 600)
        let cliRunning = try await cliStatus([["start", "thesis", "reading", "--at", start], ["pause", "--at", "2026-11-18T09:30:00Z"],
                                              ["resume", "--at", "2026-11-18T10:30:00Z"]])
        for key in ["running", "paused", "session_s"] {
            #expect("\(running[key] ?? "nil")" == "\(cliRunning[key] ?? "nil")", "\(key)")
        }

        // Stopped at the server's now with both stretches.
        let stopped = try await put(paused, ["start": start, "tags": tags, "end": "2026-11-18T11:06:40Z",
                                             "segments": [first, ["start": "2026-11-18T10:30:00Z", "end": "2026-11-18T11:06:40Z"]]])
        #expect(stopped.status == 200, "\(stopped.text)")
        let idle = try await status()
        #expect(idle["running"] as? Bool == false && idle["paused"] as? Bool == false && idle["today_s"] as? Double == 4600)
        let feed = try await server.send("GET", "/v1/changes?since=0", token: token).json["changes"] as? [[String: Any]] ?? []
        #expect(feed.count == 5)
        try FocusSessionTests.expectDocumented(server)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available, [
        // An open stretch before a closed one.
        [["start": "2026-11-18T09:00:00Z", "end": NSNull()], ["start": "2026-11-18T10:00:00Z", "end": "2026-11-18T10:30:00Z"]],
        // A stretch that ends after the server's now (11:06:40), or opens after it.
        [["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T11:30:00Z"]],
        [["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T09:30:00Z"], ["start": "2026-11-18T11:10:00Z", "end": NSNull()]],
        // Stretches overlapping each other, or not from the start.
        [["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T10:00:00Z"], ["start": "2026-11-18T09:30:00Z", "end": NSNull()]],
        [["start": "2026-11-18T09:10:00Z", "end": "2026-11-18T10:00:00Z"]],
        [],
        // A field a stretch does not have.
        [["start": "2026-11-18T09:00:00Z", "end": NSNull(), "colour": "red"]],
    ] as [[[String: any Sendable]]])
    func anActiveSessionsStretchesThatDoNotFitAreRefusedAndNothingIsStored(engine: ServerEngine, segments: [[String: any Sendable]]) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        let reply = try await server.send("PUT", "/v1/focus/sessions/\(paused)", json: ["start": "2026-11-18T09:00:00Z", "segments": segments], token: token)
        #expect(reply.status == 400 && reply.errorMessage.contains("\"segments"), "\(reply.text)")
        #expect(try await server.send("GET", "/v1/focus/sessions/\(paused)", token: token).status == 404)
        await server.stop()
    }
}
