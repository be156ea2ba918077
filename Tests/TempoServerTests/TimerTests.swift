import Foundation
import Testing
import TempoTestSupport

/// `PUT/GET/DELETE /v1/timers/{id}` and `GET /v1/timers` with the keys of `tempo timer status
/// --json`, validated as the CLI validates, and read the same on the server as on the CLI.
/// (The announcements of timers' ends at their deadlines are in `TimerDeadlineTests`.)
@Suite(.serialized, .timeLimit(.minutes(5)))
struct TimerTests {
    /// The fixed clock of the tests that do not wait for a deadline.
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func timerID(_ n: Int) -> String { String(format: "7133e500-0000-4000-8000-%012d", n) }

    /// An instant as the API writes it (milliseconds when it has them).
    static func text(_ date: Date) -> String { date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }

    /// The instant `milliseconds` after 1970 as the API writes it, digit for digit (the truth
    /// the server's own formatting is checked against).
    static func text(milliseconds: Int) -> String {
        let whole = Date(timeIntervalSince1970: Double(milliseconds / 1000)).formatted(Date.ISO8601FormatStyle())
        return milliseconds % 1000 == 0 ? whole : whole.dropLast() + String(format: ".%03dZ", milliseconds % 1000)
    }

    /// The system clock's now, in whole milliseconds since 1970.
    static func millisecondsNow() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// A running timer started at `start` (ms since 1970) that ends `seconds` later.
    static func running(from start: Int, for seconds: Double) -> [String: Any] {
        ["state": "running", "duration_s": seconds, "started_at": text(milliseconds: start),
         "deadline_at": text(milliseconds: start + Int(seconds * 1000))]
    }

    /// The instant `seconds` after the fixed clock, as text.
    private static func at(_ seconds: Double) -> String { text(now.addingTimeInterval(seconds)) }

    /// Seconds since 1970 of an instant the API wrote.
    private static func instant(_ value: Any?) -> Double? {
        guard let text = value as? String else { return nil }
        let date = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
        return date?.timeIntervalSince1970
    }

    static func timerChanges(_ server: TestServer, token: String) async throws -> [[String: Any]] {
        let changes = try await server.send("GET", "/v1/changes", token: token).json["changes"] as? [[String: Any]] ?? []
        return changes.filter { $0["kind"] as? String == "timer" }
    }

    @Test(arguments: ServerEngine.available) func aTimerIsStoredReadAtTheServersNowUpdatedAndDeleted(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let token = try await server.signUp("ada@example.org")
        let running: [String: Any] = [
            "label": "tea", "state": "running", "duration_s": 300, "elapsed_s": 10, "remaining_s": 290,
            "started_at": Self.at(-60), "deadline_at": Self.at(240), "finished_at": NSNull(),
        ]
        let created = try await server.send("PUT", "/v1/timers/\(Self.timerID(1))", json: running, token: token)
        #expect(created.status == 201, "\(created.text)")
        // Read at the server's clock, not the client's: 60 s run, 240 s left.
        #expect(created.json["state"] as? String == "running")
        #expect(created.json["elapsed_s"] as? Double == 60)
        #expect(created.json["remaining_s"] as? Double == 240)
        #expect(Self.instant(created.json["deadline_at"]) == Self.now.timeIntervalSince1970 + 240)
        #expect(created.json["finished_at"] is NSNull)
        #expect(created.json["id"] as? String == Self.timerID(1))

        // The same timer again (another client instant: other elapsed_s) changes nothing.
        var again = running
        again["elapsed_s"] = 30
        again["remaining_s"] = 270
        let same = try await server.send("PUT", "/v1/timers/\(Self.timerID(1))", json: again, token: token)
        #expect(same.status == 200)
        #expect(same.text == created.text)
        #expect(try await Self.timerChanges(server, token: token).count == 1)
        let read = try await server.send("GET", "/v1/timers/\(Self.timerID(1))", token: token)
        #expect(read.status == 200 && read.text == created.text)

        // Paused: the status stays put.
        let paused: [String: Any] = ["label": "tea", "state": "paused", "duration_s": 300, "elapsed_s": 45.5, "started_at": Self.at(-60)]
        let updated = try await server.send("PUT", "/v1/timers/\(Self.timerID(1))", json: paused, token: token)
        #expect(updated.status == 200)
        #expect(updated.json["state"] as? String == "paused")
        #expect(updated.json["remaining_s"] as? Double == 254.5)
        #expect(updated.json["deadline_at"] is NSNull)
        let changes = try await Self.timerChanges(server, token: token)
        #expect(changes.map { $0["op"] as? String } == ["put", "put"])
        #expect((changes.last?["record"] as? [String: Any])?["state"] as? String == "paused")

        // A running timer whose deadline passed before the server's now reads finished at its deadline.
        let late: [String: Any] = ["state": "running", "duration_s": 300, "started_at": Self.at(-400), "deadline_at": Self.at(-100)]
        let finished = try await server.send("PUT", "/v1/timers/\(Self.timerID(2))", json: late, token: token)
        #expect(finished.status == 201)
        #expect(finished.json["state"] as? String == "finished")
        #expect(Self.instant(finished.json["finished_at"]) == Self.now.timeIntervalSince1970 - 100)
        #expect(finished.json["elapsed_s"] as? Double == 300 && finished.json["remaining_s"] as? Double == 0)
        // Its status document sent back is the same timer.
        var document = finished.json
        document["label"] = NSNull()
        let echoed = try await server.send("PUT", "/v1/timers/\(Self.timerID(2))", json: document, token: token)
        #expect(echoed.status == 200 && echoed.text == finished.text, "\(echoed.text)")
        let idle = try await server.send("PUT", "/v1/timers/\(Self.timerID(3))", json: ["state": "idle", "duration_s": 60], token: token)
        #expect(idle.status == 201 && idle.json["remaining_s"] as? Double == 60 && idle.json["started_at"] is NSNull)

        let list = try await server.send("GET", "/v1/timers", token: token)
        let listed = list.json["timers"] as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["id"] as? String } == [Self.timerID(3), Self.timerID(2), Self.timerID(1)])

        let deleted = try await server.send("DELETE", "/v1/timers/\(Self.timerID(1))", token: token)
        #expect(deleted.status == 204)
        #expect(try await server.send("GET", "/v1/timers/\(Self.timerID(1))", token: token).status == 404)
        #expect(try await server.send("PUT", "/v1/timers/\(Self.timerID(1))", json: paused, token: token).status == 409)
        #expect((try await server.send("GET", "/v1/timers", token: token).json["timers"] as? [Any])?.count == 2)
        let last = try await Self.timerChanges(server, token: token).last
        #expect(last?["op"] as? String == "delete" && last?["record"] is NSNull && last?["id"] as? String == Self.timerID(1))
        #expect(try await server.send("GET", "/v1/timers/\(Self.timerID(9))", token: token).status == 404)
        #expect(try await server.send("DELETE", "/v1/timers/\(Self.timerID(9))", token: token).status == 404)
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func anInconsistentTimerIs400NamingTheField(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let token = try await server.signUp("ada@example.org")
        let cases: [(field: String, body: [String: Any])] = [
            ("deadline_at", ["state": "running", "duration_s": 300, "started_at": Self.at(0), "deadline_at": Self.at(-10)]),
            ("deadline_at", ["state": "running", "duration_s": 300, "started_at": Self.at(0), "deadline_at": Self.at(299)]),
            ("deadline_at", ["state": "running", "duration_s": 300, "started_at": Self.at(0)]),
            ("started_at", ["state": "running", "duration_s": 300, "deadline_at": Self.at(300)]),
            ("elapsed_s", ["state": "paused", "duration_s": 300, "started_at": Self.at(0), "elapsed_s": 301]),
            ("elapsed_s", ["state": "paused", "duration_s": 300, "started_at": Self.at(0), "elapsed_s": 300]),
            ("elapsed_s", ["state": "cancelled", "duration_s": 300, "started_at": Self.at(0)]),
            ("elapsed_s", ["state": "running", "duration_s": 300, "started_at": Self.at(0), "deadline_at": Self.at(300), "elapsed_s": -1]),
            ("remaining_s", ["state": "paused", "duration_s": 300, "started_at": Self.at(0), "elapsed_s": 60, "remaining_s": 200]),
            ("remaining_s", ["state": "running", "duration_s": 300, "started_at": Self.at(0), "deadline_at": Self.at(300), "remaining_s": 301]),
            ("deadline_at", ["state": "paused", "duration_s": 300, "started_at": Self.at(0), "elapsed_s": 60, "deadline_at": Self.at(300)]),
            ("finished_at", ["state": "finished", "duration_s": 300, "started_at": Self.at(0), "finished_at": Self.at(200)]),
            ("elapsed_s", ["state": "finished", "duration_s": 300, "started_at": Self.at(0), "finished_at": Self.at(300), "elapsed_s": 200]),
            ("started_at", ["state": "idle", "duration_s": 300, "started_at": Self.at(0)]),
            ("duration_s", ["state": "idle", "duration_s": 0]),
            ("duration_s", ["state": "idle"]),
            ("state", ["state": "exploded", "duration_s": 300]),
            ("label", ["state": "idle", "duration_s": 300, "label": ""]),
            ("id", ["state": "idle", "duration_s": 300, "id": Self.timerID(2)]),
            ("started_at", ["state": "paused", "duration_s": 300, "started_at": "yesterday", "elapsed_s": 1]),
            ("colour", ["state": "idle", "duration_s": 300, "colour": "red"]),
        ]
        for (field, body) in cases {
            let reply = try await server.send("PUT", "/v1/timers/\(Self.timerID(1))", json: body, token: token)
            #expect(reply.status == 400, "\(body)")
            let message = (reply.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("\"\(field)\""), "\(body) → \(message)")
        }
        #expect(try await server.send("PUT", "/v1/timers/not-a-uuid", json: ["state": "idle", "duration_s": 1], token: token).status == 400)
        // Nothing was stored, nothing fed.
        #expect(try await server.send("GET", "/v1/timers/\(Self.timerID(1))", token: token).status == 404)
        #expect(try await Self.timerChanges(server, token: token).isEmpty)
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    /// Runs the CLI on `database` at the wall-clock instant `now`; returns its standard output.
    @discardableResult
    private func tempo(_ arguments: [String], database: String, at now: Date, mayRefuse: Bool = false) async throws -> String {
        try await TestServer.cli(arguments, database: database, now: now, mayRefuse: mayRefuse)
    }

    /// A CLI timer's life: actions at seconds after the start (`pause`, `resume`, `cancel`).
    /// The server's clock reads 1000 s after the start.
    struct Life: Sendable, CustomStringConvertible {
        let duration: String
        let actions: [(seconds: Double, command: String)]
        /// When its status is sent to the server, seconds after the start.
        let sentAt: Double
        var description: String { "\(duration) \(actions.map { "\($0.command)@\($0.seconds)" }) sent@\(sentAt)" }
    }

    /// Lives chosen to cover each state at the server's now.
    static let chosenLives = [
            Life(duration: "25m", actions: [], sentAt: 10),  // still running at the server's now
            Life(duration: "10m", actions: [(100, "pause")], sentAt: 200),  // paused
            Life(duration: "10m", actions: [(100, "pause"), (400, "resume")], sentAt: 500),  // finished at +900, after a pause
            Life(duration: "30m", actions: [(50, "pause"), (300, "resume")], sentAt: 400),  // running after a pause
            Life(duration: "20m", actions: [(300, "cancel")], sentAt: 500),  // cancelled
            Life(duration: "5m", actions: [], sentAt: 100),  // sent running, finished by the server's now
            Life(duration: "90s", actions: [(30.25, "pause"), (31.5, "resume"), (50, "pause")], sentAt: 60),  // paused twice
    ]

    /// Random lives: pauses and resumes at random instants (to the millisecond), maybe a cancel,
    /// sent at a random instant; an action the CLI refuses (the timer had finished) is skipped.
    static func randomLives(seed: UInt64, count: Int) -> [Life] {
        var random = SameNumbersTests.Random(state: seed)
        return (0..<count).map { _ in
            var actions: [(seconds: Double, command: String)] = [], at = 0.0
            for index in 0..<Int.random(in: 0...5, using: &random) {
                at += Double(Int.random(in: 1...150_000, using: &random)) / 1000  // all before the server's now
                actions.append((at, index % 2 == 0 ? "pause" : "resume"))
            }
            if Bool.random(using: &random) {
                at += Double(Int.random(in: 1...100_000, using: &random)) / 1000
                actions.append((at, "cancel"))
            }
            let sentAt = min(999, at + Double(Int.random(in: 0...300_000, using: &random)) / 1000)
            return Life(duration: "\(Int.random(in: 30...1500, using: &random))s", actions: actions, sentAt: sentAt)
        }
    }

    @Test(arguments: ServerEngine.available, [UInt64(0), 1, 2])
    func theServerShowsATimerAsTheCLIDoes(engine: ServerEngine, seed: UInt64) async throws {
        let lives = seed == 0 ? Self.chosenLives : Self.randomLives(seed: seed, count: 12)
        let start = Self.now.addingTimeInterval(-1000)
        let server = try await TestServer.start(engine: engine, now: Self.now)
        let token = try await server.signUp("ada@example.org")
        let database = TestDirectory.root.appendingPathComponent("timers-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        var states: Set<String> = []
        for (index, life) in lives.enumerated() {
            let started = try await tempo(["timer", "start", life.duration, "--label", "life \(index)", "--json"], database: database, at: start)
            let id = try #require((try JSONSerialization.jsonObject(with: Data(started.utf8)) as? [String: Any])?["id"] as? String)
            for action in life.actions {
                try await tempo(["timer", action.command, id], database: database, at: start.addingTimeInterval(action.seconds),
                                mayRefuse: seed != 0)
            }
            // What a device would upload, then what each side shows at the server's now.
            let sent = try await tempo(["timer", "status", id, "--json"], database: database, at: start.addingTimeInterval(life.sentAt))
            let document = try #require(try JSONSerialization.jsonObject(with: Data(sent.utf8)) as? [String: Any])
            let put = try await server.send("PUT", "/v1/timers/\(id)", json: document, token: token)
            #expect(put.status == 201, "\(life): \(put.text)")
            let cli = try await tempo(["timer", "status", id, "--json"], database: database, at: Self.now)
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(cli.utf8)) as? NSDictionary)
            let served = try #require(try JSONSerialization.jsonObject(with: try await server.send("GET", "/v1/timers/\(id)", token: token).body) as? NSDictionary)
            #expect(served == expected, "\(life)\nCLI:    \(cli)\nserver: \(served)")
            states.insert(served["state"] as? String ?? "")
        }
        // The chosen lives reach every state a started timer can be in; random ones most of them.
        #expect(seed == 0 ? states == ["running", "paused", "finished", "cancelled"] : states.count >= 3, "\(states)")
        await server.stop()
    }
}
