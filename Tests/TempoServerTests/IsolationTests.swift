import Foundation
import Testing

/// For every route of the OpenAPI document: without a token a protected route answers 401, and
/// user B can neither read, change nor learn of user A's records through it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct IsolationTests {
    @Test(arguments: ServerEngine.available) func noRouteLetsOneAccountSeeOrChangeAnothers(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let alice = try await server.signUp("alice@example.org")
        let bob = try await server.signUp("bob@example.org")
        let secret = "alice-secret-tag"
        let sessionID = "7a1d0000-0000-4000-8000-00000000a11c"
        let put = try await server.send("PUT", "/v1/focus/sessions/\(sessionID)",
                                        json: ["start": "2026-11-18T09:00:00Z", "end": "2026-11-18T10:00:00Z", "tag": secret], token: alice)
        #expect(put.status == 201)
        _ = try await server.send("PUT", "/v1/focus/settings", json: ["tz": "Asia/Seoul", "day_start": "05:00", "goal_s": 3600], token: alice)
        let timer = try await server.send("PUT", "/v1/timers/\(sessionID)", json: [
            "label": secret, "state": "paused", "duration_s": 600, "elapsed_s": 60, "started_at": "2026-11-18T09:00:00Z",
        ], token: alice)
        #expect(timer.status == 201)
        let place = try await server.send("PUT", "/v1/places/Palace", json: ["lat": 37.5796, "lon": 126.977, "radius_m": 800, "badge": secret], token: alice)
        #expect(place.status == 201)
        let badge = try await server.send("PUT", "/v1/badges/crown",
                                          json: ["place": secret, "earned_at": "2026-11-18T09:00:00Z", "lat": 37.5796, "lon": 126.977], token: alice)
        #expect(badge.status == 201)
        // A live run of hers at the same id, named with the secret, with one fix, and a file of hers.
        #expect(try await server.send("PUT", "/v1/runs/\(sessionID)", json: ["name": secret], token: alice).status == 201)
        let aliceFix: [String: Any] = ["time": "2026-11-18T09:00:00Z", "lat": 37.5665, "lon": 126.978]
        #expect(try await server.send("POST", "/v1/runs/\(sessionID)/fixes", json: ["fixes": [aliceFix]], token: alice).status == 200)
        let aliceFile = try Data(contentsOf: RunTests.fixtureDirectory.appendingPathComponent("run-3laps.tcx"))
        #expect(try await server.send("POST", "/v1/runs", raw: aliceFile, token: alice).status == 201)
        let aliceBefore = try await server.send("GET", "/v1/changes", token: alice).json["changes"] as? [[String: Any]] ?? []

        // A body each writing route accepts, aimed at Alice's ids.
        let bodies: [String: Any] = [
            "PUT /v1/focus/sessions/{id}": ["start": "2026-11-18T10:15:00Z", "end": "2026-11-18T10:45:00Z", "tag": "bob"],
            "PUT /v1/focus/settings": ["tz": "UTC", "day_start": "00:00"],
            "POST /v1/accounts": ["email": "mallory@example.org", "password": "long enough"],
            "POST /v1/tokens": ["email": "alice@example.org", "password": "not hers", "device": "x"],
            "PUT /v1/timers/{id}": ["label": "bob", "state": "paused", "duration_s": 60, "elapsed_s": 1, "started_at": "2026-11-18T10:15:00Z"],
            "PUT /v1/places/{name}": ["lat": 37.58, "lon": 126.98, "radius_m": 500],
            "POST /v1/places/fixes": ["fixes": [["lat": 37.5796, "lon": 126.977, "time": "2026-11-18T09:00:00Z", "accuracy_m": 5]]],
            "PUT /v1/badges/{badge}": ["place": "bob's", "earned_at": "2026-11-01T09:00:00Z", "lat": 37.58, "lon": 126.98],
            "PUT /v1/runs/{id}": ["name": "bob", "sport": "ride"],
            "POST /v1/runs/{id}/fixes": ["fixes": [["time": "2026-11-18T10:00:00Z", "lat": 52.52, "lon": 13.405]]],
            // Alice's own file: Bob uploading the same bytes gets a run of his own (201, not 200).
            "POST /v1/runs": aliceFile,
        ]
        let routes = try OpenAPIRoutes()
        #expect(routes.operations.count >= 10)
        // Reads and deletes first: until Bob writes at her ids, nothing there is his.
        let order = ["GET", "DELETE", "POST", "PUT"]
        for operation in routes.operations.sorted(by: { order.firstIndex(of: $0.method) ?? 9 < order.firstIndex(of: $1.method) ?? 9 }) {
            let path = operation.path.replacingOccurrences(of: "{id}", with: sessionID)
                .replacingOccurrences(of: "{name}", with: "Palace").replacingOccurrences(of: "{badge}", with: "crown")
            let key = "\(operation.method) \(operation.path)"
            if operation.needsToken {
                let anonymous = try await server.send(operation.method, path, json: bodies[key].flatMap { $0 is Data ? nil : $0 },
                                                      raw: bodies[key] as? Data)
                #expect(anonymous.status == 401, "\(key) without a token")
            }
            // Bob signing himself out (either way) proves nothing, and would end his part of the test.
            guard operation.path != "/v1/tokens/current", key != "DELETE /session" else { continue }
            if operation.path == "/v1/live" {
                // Bob's stream stays silent while Alice changes her records.
                let stream = try EventStreamClient(url: URL(string: path, relativeTo: server.baseURL)!, token: bob, lastEventID: 0)
                try await Task.sleep(for: .milliseconds(300))
                _ = try await server.send("PUT", "/v1/focus/settings", json: ["tz": "Asia/Seoul", "day_start": "06:00"], token: alice)
                _ = try await server.send("PUT", "/v1/focus/settings", json: ["tz": "Asia/Seoul", "day_start": "05:00", "goal_s": 3600], token: alice)
                try await Task.sleep(for: .milliseconds(300))
                #expect(stream.events.allSatisfy { !$0.data.contains(secret) && !$0.data.contains("Asia/Seoul") }, "Bob's live stream")
                stream.close()
                continue
            }
            let reply = try await server.send(operation.method, path, json: bodies[key].flatMap { $0 is Data ? nil : $0 },
                                              raw: bodies[key] as? Data, token: bob)
            if key == "POST /v1/runs" { #expect(reply.status == 201, "Bob's upload of Alice's file: \(reply.text)") }
            #expect(!reply.text.contains(secret) && !reply.text.contains("Asia/Seoul") && !reply.text.contains("alice@"),
                    "\(key) showed Bob Alice's data")
            if operation.method == "GET", operation.path.contains("{") {
                #expect(reply.status == 404, "\(key) as Bob")
            }
            if operation.method == "DELETE", operation.path.contains("{") {
                #expect(reply.status == 404, "\(key) as Bob")
            }
        }
        // Alice's records are exactly as they were (her feed grew only by her own two settings changes).
        let aliceAfter = try await server.send("GET", "/v1/changes", token: alice).json["changes"] as? [[String: Any]] ?? []
        #expect(aliceAfter.count == aliceBefore.count + 2)
        #expect(aliceAfter.dropFirst(aliceBefore.count).allSatisfy { $0["kind"] as? String == "focus_settings" })
        let hers = try await server.send("GET", "/v1/focus/sessions/\(sessionID)", token: alice)
        #expect(hers.json["tag"] as? String == secret)
        // Bob's PUT on her id made a session of his own, seen only by him.
        let his = try await server.send("GET", "/v1/focus/sessions/\(sessionID)", token: bob)
        #expect(his.json["tag"] as? String == "bob")
        let herTimer = try await server.send("GET", "/v1/timers/\(sessionID)", token: alice)
        #expect(herTimer.json["label"] as? String == secret && herTimer.json["elapsed_s"] as? Double == 60)
        let hisTimer = try await server.send("GET", "/v1/timers/\(sessionID)", token: bob)
        #expect(hisTimer.json["label"] as? String == "bob")
        #expect(try await server.send("GET", "/v1/places/Palace", token: alice).json["badge"] as? String == secret)
        let herBadges = try await server.send("GET", "/v1/badges", token: alice).json["badges"] as? [[String: Any]] ?? []
        #expect(herBadges.map { "\($0["badge"] ?? "") \($0["place"] ?? "") \($0["earned_at"] ?? "")" } == ["crown \(secret) 2026-11-18T09:00:00Z"])
        // Her live run kept its one fix; Bob's PUT at her run's id declared a run of his own.
        let herRun = try await server.send("GET", "/v1/runs/\(sessionID)", token: alice)
        #expect(herRun.json["points"] as? Int == 1)
        let hisRun = try await server.send("GET", "/v1/runs/\(sessionID)", token: bob)
        #expect(hisRun.json["points"] as? Int == 0 && hisRun.json["sport"] as? String == "cycling")
        #expect(routes.undocumented(server.answers) == [])
        await server.stop()
    }
}
