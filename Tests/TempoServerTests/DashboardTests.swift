import Foundation
import Testing
import TempoTestSupport

/// The dashboard as the server serves it: the page and its files with their security headers, the
/// cookie session (HttpOnly, SameSite=Strict, CSRF double submit, sign-out revoking the token), and
/// the focus heat map route. What the page does in a browser is `Tests/Browser/dashboard_test.py`.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct DashboardTests {
    static let files = [("app.js", "text/javascript"), ("api.js", "text/javascript"), ("today.js", "text/javascript"),
                        ("timers.js", "text/javascript"), ("runs.js", "text/javascript"), ("places.js", "text/javascript"),
                        ("format.js", "text/javascript"), ("svg.js", "text/javascript"), ("dashboard.css", "text/css"),
                        ("icon.svg", "image/svg+xml")]

    @Test func thePageAndItsFilesCarryAStrictPolicy() async throws {
        let server = try await TestServer.start()
        let page = try await server.send("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        let policy = page.headers["content-security-policy"] ?? ""
        #expect(policy.contains("default-src 'self'") && policy.contains("script-src 'self'") && !policy.contains("unsafe"))
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["cache-control"] == "no-cache")
        #expect(page.text.contains(#"data-testid="focus-today""#))
        // No inline script, style element, style attribute or event handler attribute: the policy would block them.
        #expect(page.text.range(of: #"<script(?![^>]*\bsrc=)|<style|\bstyle=|\son[a-z]+="#, options: .regularExpression) == nil)
        for (name, type) in Self.files {
            let file = try await server.send("GET", "/assets/\(name)")
            #expect(file.status == 200, "\(name)")
            #expect(file.headers["content-type"]?.hasPrefix(type) == true, "\(name): \(file.headers["content-type"] ?? "")")
            #expect(file.headers["content-security-policy"] == policy)
            #expect(file.body.count > 100, "\(name)")
        }
        let tag = try #require(page.headers["etag"])
        let again = try await server.send("GET", "/", headers: ["If-None-Match": tag])
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(try await server.send("GET", "/assets/missing.js").status == 404)
        #expect(try await server.send("GET", "/assets/..%2Fopenapi.yaml").status == 404)
        #expect(try await server.send("POST", "/").status == 405)
        await server.stop()
    }

    /// `name=value` of a cookie in `Set-Cookie` headers (joined by the client), with its attributes.
    static func cookie(_ name: String, in reply: TestServer.Reply) -> (value: String, attributes: String)? {
        guard let header = reply.headers["set-cookie"],
              let range = header.range(of: name + #"=[^;,]*(;[^,]*)*"#, options: .regularExpression) else { return nil }
        let text = header[range]
        let value = text.dropFirst(name.count + 1).prefix { $0 != ";" }
        return (String(value), String(text))
    }

    @Test func aCookieSessionSignsInAndMustEchoTheCSRFTokenToChangeAnything() async throws {
        let server = try await TestServer.start()
        let bearer = try await server.signUp("ada@example.org")
        let refused = try await server.send("POST", "/session", json: ["email": "ada@example.org", "password": "wrong password"])
        #expect(refused.status == 401 && refused.headers["set-cookie"] == nil)
        let signedIn = try await server.send("POST", "/session", json: ["email": "ada@example.org", "password": "correct horse"])
        #expect(signedIn.status == 204)
        let session = try #require(Self.cookie("tempo_session", in: signedIn))
        let csrf = try #require(Self.cookie("tempo_csrf", in: signedIn))
        #expect(session.attributes.contains("HttpOnly") && session.attributes.contains("SameSite=Strict"))
        #expect(!session.attributes.contains("Secure"), "plain http: a Secure cookie would never come back")
        #expect(!csrf.attributes.contains("HttpOnly") && csrf.attributes.contains("SameSite=Strict"))
        #expect(session.value.count >= 40 && csrf.value.count >= 40 && session.value != csrf.value)
        let cookies = "tempo_session=\(session.value); tempo_csrf=\(csrf.value)"

        // Reading needs no CSRF token; changing needs the one the cookie holds.
        #expect(try await server.send("GET", "/v1/focus/status", headers: ["Cookie": cookies]).status == 200)
        let timer = ["state": "idle", "duration_s": 60] as [String: Any]
        let path = "/v1/timers/\(UUID().uuidString.lowercased())"
        let bare = try await server.send("PUT", path, json: timer, headers: ["Cookie": cookies])
        #expect(bare.status == 403 && bare.errorCode == "csrf")
        let forged = try await server.send("PUT", path, json: timer, headers: ["Cookie": cookies, "X-CSRF-Token": "guess"])
        #expect(forged.status == 403)
        let noCookie = try await server.send("PUT", path, json: timer,
                                             headers: ["Cookie": "tempo_session=\(session.value)", "X-CSRF-Token": csrf.value])
        #expect(noCookie.status == 403, "the header must match a cookie, not just be present")
        #expect(try await server.send("PUT", path, json: timer, headers: ["Cookie": cookies, "X-CSRF-Token": csrf.value]).status == 201)
        // Bearer clients are unaffected.
        #expect(try await server.send("GET", path, token: bearer).status == 200)
        #expect(try await server.send("DELETE", path, token: bearer).status == 204)

        // Behind an https proxy the cookies are Secure.
        let proxied = try await server.send("POST", "/session", json: ["email": "ada@example.org", "password": "correct horse"],
                                            headers: ["X-Forwarded-Proto": "https"])
        #expect(Self.cookie("tempo_session", in: proxied)?.attributes.contains("Secure") == true)

        // Signing out needs the CSRF token too, revokes the token and clears both cookies.
        #expect(try await server.send("DELETE", "/session", headers: ["Cookie": cookies]).status == 403)
        let out = try await server.send("DELETE", "/session", headers: ["Cookie": cookies, "X-CSRF-Token": csrf.value])
        #expect(out.status == 204)
        #expect(Self.cookie("tempo_session", in: out)?.attributes.contains("Max-Age=0") == true)
        #expect(try await server.send("GET", "/v1/focus/status", headers: ["Cookie": cookies]).status == 401)
        #expect(try await server.send("GET", "/v1/focus/status", token: session.value).status == 401)
        #expect(try await server.send("GET", "/v1/focus/status", token: bearer).status == 200, "other devices stay signed in")
        await server.stop()
    }

    /// Three days of focus in Europe/Berlin (UTC+1 in November; the local days checked with Python's
    /// zoneinfo), the heat map's squares counted by hand: 2026-11-16 (a Monday) 0:30 + 1:00, 11-18
    /// 2:00 (23:00–01:00 UTC, crossing UTC's midnight but not Berlin's), today (11-21, a Saturday,
    /// now 12:00 UTC) 0:45; with a 2 h goal the levels are 1 + ⌊3 × total / goal⌋ capped at 4: 3, 4 and 2.
    @Test func theHeatMapIsTheCLIsForTheSameLedger() async throws {
        let now = Date(timeIntervalSince1970: 1_795_262_400) // 2026-11-21T12:00:00Z
        let server = try await TestServer.start(now: now)
        let token = try await server.signUp("ada@example.org")
        let database = TestDirectory.root.appendingPathComponent("heat-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        #expect(try await server.send("PUT", "/v1/focus/settings", json: ["tz": "Europe/Berlin", "day_start": "00:00", "goal_s": 7200],
                                      token: token).status == 200)
        try await TestServer.cli(["focus", "config", "--tz", "Europe/Berlin", "--day-start", "00:00", "--goal", "7200s"], database: database, now: now)
        let sessions = [("2026-11-16T08:00:00Z", "2026-11-16T08:30:00Z"), ("2026-11-16T10:00:00Z", "2026-11-16T11:00:00Z"),
                        ("2026-11-17T23:00:00Z", "2026-11-18T01:00:00Z"), ("2026-11-21T09:00:00Z", "2026-11-21T09:45:00Z")]
        for (index, (start, end)) in sessions.enumerated() {
            let id = String(format: "00000000-0000-4000-8000-%012d", index)
            #expect(try await server.send("PUT", "/v1/focus/sessions/\(id)", json: ["start": start, "end": end], token: token).status == 201)
            try await TestServer.cli(["focus", "add", "--start", start, "--end", end], database: database, now: now)
        }
        let reply = try await server.send("GET", "/v1/focus/calendar?weeks=2", token: token)
        #expect(reply.status == 200 && reply.headers["content-type"] == "image/svg+xml")
        let file = TestDirectory.root.appendingPathComponent("heat-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await TestServer.cli(["focus", "calendar", "--weeks", "2", "--svg", file], database: database, now: now)
        #expect(reply.text == (try String(contentsOfFile: file, encoding: .utf8)))
        let totals = reply.text.matches(of: /data-date="([0-9-]+)" data-total-s="([0-9]+)"/).map { "\($0.1)=\($0.2)" }
        #expect(totals == ["2026-11-09=0", "2026-11-10=0", "2026-11-11=0", "2026-11-12=0", "2026-11-13=0", "2026-11-14=0", "2026-11-15=0",
                           "2026-11-16=5400", "2026-11-17=0", "2026-11-18=7200", "2026-11-19=0", "2026-11-20=0", "2026-11-21=2700"])
        #expect(reply.text.contains(##"fill="#239a3b" data-date="2026-11-16""##))
        #expect(reply.text.contains(##"fill="#196127" data-date="2026-11-18""##))
        #expect(reply.text.contains(##"fill="#7bc96f" data-date="2026-11-21""##))
        #expect(try await server.send("GET", "/v1/focus/calendar?weeks=0", token: token).status == 400)
        #expect(try await server.send("GET", "/v1/focus/calendar?weeks=521", token: token).status == 400)
        #expect(try await server.send("GET", "/v1/focus/calendar").status == 401)
        await server.stop()
    }

    /// A new EventSource cannot set `Last-Event-ID`, so the dashboard resumes with `?last_event_id=`:
    /// the stream first replays exactly the changes after it, as the header would.
    @Test func aStreamOpenedWithLastEventIDInTheQueryCatchesUp() async throws {
        let server = try await TestServer.start()
        let token = try await server.signUp("ada@example.org")
        for index in 0..<3 {
            let id = String(format: "00000000-0000-4000-8000-%012d", index)
            #expect(try await server.send("PUT", "/v1/timers/\(id)", json: ["state": "idle", "duration_s": 60 + index], token: token).status == 201)
        }
        let changes = try await server.send("GET", "/v1/changes?since=0", token: token).json["changes"] as? [[String: Any]] ?? []
        let seqs = changes.compactMap { $0["seq"] as? Int }
        #expect(seqs.count == 3)
        let url = try #require(URL(string: "/v1/live?last_event_id=\(seqs[0])", relativeTo: server.baseURL))
        let stream = try EventStreamClient(url: url, token: token)
        #expect(await stream.wait(for: 2) != nil)
        #expect(stream.events.map(\.id) == Array(seqs.dropFirst()))
        stream.close()
        #expect(try await server.send("GET", "/v1/live?last_event_id=-1", token: token).status == 400)
        await server.stop()
    }
}
