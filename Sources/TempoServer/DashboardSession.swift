import Foundation
import HTTPTypes
import Hummingbird

/// The dashboard's session: a device token in an HttpOnly, SameSite=Strict cookie (Secure when the
/// page came over https), and a double-submit CSRF token in a cookie the page's script can read
/// and must echo in `X-CSRF-Token` on every request that changes something.
enum DashboardSession {
    /// The cookie holding the device token (never readable by script).
    static let tokenCookie = "tempo_session"
    /// The cookie holding the CSRF token (readable by the page's script, which echoes it).
    static let csrfCookie = "tempo_csrf"
    /// The header a cookie-authenticated, state-changing request carries the CSRF token in.
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    /// How long a dashboard session's cookies live, seconds (the token itself lives until revoked).
    static let maxAgeSeconds = 30 * 86_400

    /// The token of the request's session cookie, nil without one; throws 403 when the request
    /// changes something (not GET or HEAD) without the matching CSRF header.
    static func token(of request: Request) throws -> String? {
        guard let token = request.cookies[tokenCookie]?.value, !token.isEmpty else { return nil }
        if request.method != .get, request.method != .head {
            let expected = request.cookies[csrfCookie]?.value ?? ""
            let sent = request.headers[csrfHeader] ?? ""
            guard !expected.isEmpty, constantTimeEqual(Array(expected.utf8), Array(sent.utf8)) else {
                throw APIError(.forbidden, "csrf", "a request signed in by cookie must send the X-CSRF-Token header")
            }
        }
        return token
    }

    /// The cookies that sign the browser in with `token`, and a new CSRF token.
    static func cookies(token: String, for request: Request) -> [Cookie] {
        let secure = isHTTPS(request)
        return [
            Cookie(name: tokenCookie, value: token, maxAge: maxAgeSeconds, path: "/", secure: secure, httpOnly: true, sameSite: .strict),
            Cookie(name: csrfCookie, value: AccountController.newToken(), maxAge: maxAgeSeconds, path: "/", secure: secure,
                   httpOnly: false, sameSite: .strict),
        ]
    }

    /// The cookies that sign the browser out (both expired).
    static func clearedCookies(for request: Request) -> [Cookie] {
        let secure = isHTTPS(request)
        return [tokenCookie, csrfCookie].map { name in
            Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: name == tokenCookie, sameSite: .strict)
        }
    }

    /// Whether the browser reached the server over https (directly, or through a proxy that says so).
    private static func isHTTPS(_ request: Request) -> Bool {
        request.head.scheme == "https" || request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
