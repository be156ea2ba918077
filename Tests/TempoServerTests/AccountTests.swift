import Foundation
import Testing

/// Accounts and tokens over real HTTP.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct AccountTests {
    @Test(arguments: ServerEngine.available) func healthAndTheDocumentAreServedWithoutAToken(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let health = try await server.send("GET", "/health")
        #expect(health.status == 200)
        #expect(health.json["status"] as? String == "ok")
        let document = try await server.send("GET", "/openapi.yaml")
        #expect(document.status == 200)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TempoServer/openapi.yaml")
        #expect(document.text == (try String(contentsOf: file, encoding: .utf8)))
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func signUpSignInAndSignOut(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let token = try await server.signUp("ada@example.org")
        #expect(token.count >= 40)
        // The same email in other letters is the same account.
        let again = try await server.send("POST", "/v1/accounts", json: ["email": "ADA@example.org", "password": "something else"])
        #expect(again.status == 409)
        #expect(again.errorCode == "email_taken")
        // Only the token's hash is stored, and no password.
        let stored = try await server.storedBytes()
        #expect(stored.range(of: Data(token.utf8)) == nil)
        #expect(stored.range(of: Data("correct horse".utf8)) == nil)
        #expect(try await server.send("GET", "/v1/focus/settings", token: token).status == 200)
        #expect(try await server.send("DELETE", "/v1/tokens/current", token: token).status == 204)
        let revoked = try await server.send("GET", "/v1/focus/settings", token: token)
        #expect(revoked.status == 401)
        #expect(revoked.errorCode == "unauthorized")
        #expect(try await server.send("GET", "/v1/focus/settings").status == 401)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func eachDeviceHasItsOwnToken(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let laptop = try await server.signUp("grace@example.org")
        let phone = try await server.send("POST", "/v1/tokens", json: ["email": "grace@example.org", "password": "correct horse", "device": "phone"])
        let phoneToken = try #require(phone.json["token"] as? String)
        #expect(phoneToken != laptop)
        #expect(try await server.send("DELETE", "/v1/tokens/current", token: laptop).status == 204)
        #expect(try await server.send("GET", "/v1/focus/settings", token: phoneToken).status == 200)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func badBodiesAreRefusedNamingTheProblem(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        let unknown = try await server.send("POST", "/v1/accounts", json: ["email": "a@b.c", "password": "long enough", "admin": true])
        #expect(unknown.status == 400)
        #expect(unknown.errorCode == "unknown_field")
        #expect((unknown.json["error"] as? [String: Any])?["message"] as? String == "unknown field \"admin\"")
        let missing = try await server.send("POST", "/v1/accounts", json: ["email": "a@b.c"])
        #expect(missing.status == 400)
        #expect(missing.errorCode == "missing_field")
        #expect(try await server.send("POST", "/v1/accounts", json: ["email": "not an email", "password": "long enough"]).status == 400)
        #expect(try await server.send("POST", "/v1/accounts", json: ["email": "a@b.c", "password": "short"]).status == 400)
        #expect(try await server.send("POST", "/v1/accounts", raw: Data("{not json".utf8)).status == 400)
        let huge = try await server.send("POST", "/v1/accounts", raw: Data(repeating: 0x20, count: (32 << 20) + 1))
        #expect(huge.status == 413)
        #expect(huge.errorCode != nil)
        let wrongMethod = try await server.send("PATCH", "/v1/focus/settings")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET, PUT")
        let nowhere = try await server.send("GET", "/v1/nowhere")
        #expect(nowhere.status == 404 || nowhere.status == 401)
        #expect(nowhere.errorCode != nil)
        await server.stop()
    }

    @Test(arguments: ServerEngine.available) func guessingPasswordsIsThrottledPerAccountAndPerAddress(engine: ServerEngine) async throws {
        let server = try await TestServer.start(engine: engine)
        _ = try await server.signUp("linus@example.org")
        for _ in 0..<5 {
            let wrong = try await server.send("POST", "/v1/tokens", json: ["email": "linus@example.org", "password": "wrong guess", "device": "x"])
            #expect(wrong.status == 401)
        }
        let throttled = try await server.send("POST", "/v1/tokens", json: ["email": "linus@example.org", "password": "correct horse", "device": "x"])
        #expect(throttled.status == 429)
        #expect(Int(throttled.headers["retry-after"] ?? "") ?? 0 > 0)
        // The address is throttled too: another account from it waits as well.
        let other = try await server.send("POST", "/v1/tokens", json: ["email": "nobody@example.org", "password": "whatever1", "device": "x"])
        #expect(other.status == 429)
        // The wait is the rest of the minute since the first failure (the server's clock is fixed).
        #expect((1...60).contains(Int(throttled.headers["retry-after"] ?? "") ?? 0))
        await server.stop()
    }
}
