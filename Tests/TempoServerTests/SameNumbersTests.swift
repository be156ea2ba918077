import Foundation
import Testing
import TempoTestSupport

/// The server's focus status and report are the documents `tempo focus status --json` and
/// `tempo focus report --json` print for the same ledger: random ledgers (zones with DST and
/// odd offsets, day starts, goals, tags, a running session) entered both ways, compared key by key.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SameNumbersTests {
    /// A reproducible random source (SplitMix64).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Runs the CLI on `database` at the wall-clock instant `now`; returns its standard output.
    @discardableResult
    func tempo(_ arguments: [String], database: String, now: Date) async throws -> String {
        try await TestServer.cli(arguments, database: database, now: now)
    }

    static func text(_ date: Date) -> String { date.formatted(Date.ISO8601FormatStyle()) }

    @Test(arguments: ServerEngine.available, [UInt64(1), 2, 3, 4])
    func theServerAndTheCLIGiveTheSameStatusAndReport(engine: ServerEngine, seed: UInt64) async throws {
        var random = Random(state: seed)
        // Around the autumn DST changes of 2026 (EU 25 Oct, US 1 Nov; Lord Howe moves by 30 min).
        let now = Date(timeIntervalSince1970: 1_794_200_000 + Double(Int.random(in: 0..<86_400 * 14, using: &random)))
        let zone = ["Europe/Berlin", "America/New_York", "Asia/Seoul", "Australia/Lord_Howe", "Asia/Kathmandu"].randomElement(using: &random)!
        let dayStart = String(format: "%02d:%02d", Int.random(in: 0..<6, using: &random), [0, 30].randomElement(using: &random)!)
        let goal = Int.random(in: 1...8, using: &random) * 1800
        let server = try await TestServer.start(engine: engine, now: now)
        let token = try await server.signUp("ada@example.org")
        let database = TestDirectory.root.appendingPathComponent("same-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }

        _ = try await server.send("PUT", "/v1/focus/settings", json: ["tz": zone, "day_start": dayStart, "goal_s": goal], token: token)
        try await tempo(["focus", "config", "--tz", zone, "--day-start", dayStart, "--goal", "\(goal)s"], database: database, now: now)

        // Sessions one after another over the last 40 days, ending before now.
        var start = now.addingTimeInterval(-40 * 86_400)
        for index in 0..<30 {
            start = start.addingTimeInterval(Double(Int.random(in: 600...160_000, using: &random)))
            let end = start.addingTimeInterval(Double(Int.random(in: 300...10_800, using: &random)))
            guard end < now.addingTimeInterval(-3600) else { break }
            let tag = ["thesis", "reading", "code"].randomElement(using: &random)!
            let id = String(format: "00000000-0000-4000-8000-%012d", index)
            let reply = try await server.send("PUT", "/v1/focus/sessions/\(id)",
                                              json: ["start": Self.text(start), "end": Self.text(end), "tag": tag], token: token)
            #expect(reply.status == 201, "\(reply.text)")
            try await tempo(["focus", "add", "--start", Self.text(start), "--end", Self.text(end), "--tag", tag], database: database, now: now)
            start = end
        }
        // A session running since 40 minutes ago.
        let running = now.addingTimeInterval(-2400)
        _ = try await server.send("PUT", "/v1/focus/sessions/00000000-0000-4000-8000-999999999999",
                                  json: ["start": Self.text(running), "tag": "live"], token: token)
        try await tempo(["focus", "start", "live"], database: database, now: running)

        let cliStatus = try JSONSerialization.jsonObject(with: Data(try await tempo(["focus", "status", "--json"], database: database, now: now).utf8))
        let serverStatus = try await server.send("GET", "/v1/focus/status", token: token)
        var expected = try #require(cliStatus as? [String: Any])
        var actual = serverStatus.json
        // The running session's id is the device's own; everything else must agree.
        expected["session_id"] = nil
        actual["session_id"] = nil
        #expect(try Self.canonical(actual) == Self.canonical(expected))

        let from = Self.day(now.addingTimeInterval(-45 * 86_400)), to = Self.day(now)
        for by in ["day", "week", "month", "tag"] {
            let cli = try await tempo(["focus", "report", "--from", from, "--to", to, "--by", by, "--json"], database: database, now: now)
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(cli.utf8)) as? [String: Any])
            let actual = try await server.send("GET", "/v1/focus/report?from=\(from)&to=\(to)&by=\(by)", token: token).json
            #expect(try Self.canonical(actual) == Self.canonical(expected), "report by \(by)")
        }
        let zoneOverride = try await tempo(["focus", "report", "--tz", "UTC", "--day-start", "00:00", "--json"], database: database, now: now)
        let overridden = try await server.send("GET", "/v1/focus/report?tz=UTC&day_start=00:00", token: token).json
        #expect(try Self.canonical(overridden) == Self.canonical(try JSONSerialization.jsonObject(with: Data(zoneOverride.utf8))))
        #expect(try OpenAPIRoutes().undocumented(server.answers) == [])
        await server.stop()
    }

    /// A JSON value as sorted-key text: equal documents give equal text.
    static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    static func day(_ date: Date) -> String {
        String(Self.text(date).prefix(10))
    }
}
