import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The web dashboard: the page at `/`, its files under `/assets/`, and the cookie session it signs
/// in with (`POST /session`, `DELETE /session`); every page response carries a strict CSP.
struct DashboardController {
    let accounts: AccountController

    /// What the page may load and run: its own files only, no inline script or style, no framing.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The page and the sign-in, which need no session.
    func addPublicRoutes(to router: Router<TempoRequestContext>) {
        router.get("/") { request, _ in Self.serve(DashboardAssets.page, request: request) }
        router.get("assets/:name") { request, context in
            guard let name = context.parameters.get("name"), let asset = DashboardAssets.files[name] else {
                throw APIError.notFound("asset")
            }
            return Self.serve(asset, request: request)
        }
        router.post("session", use: signIn)
    }

    /// Signing out, which needs the session (and its CSRF header).
    func addRoutes(to group: RouterGroup<TempoRequestContext>) {
        group.delete("session", use: signOut)
    }

    /// `POST /session`: signs the browser in as a device named after its user agent; the token goes
    /// only into the HttpOnly cookie.
    @Sendable func signIn(_ request: Request, context: TempoRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(AccountController.Credentials.self, from: request, context: context)
        let agent = request.headers[.userAgent].map { String($0.prefix(150)) } ?? "a browser"
        let token = try await accounts.signIn(email: body.email, password: body.password, device: "dashboard: " + agent,
                                              from: context.remoteAddress)
        var response = Response(status: .noContent)
        for cookie in DashboardSession.cookies(token: token, for: request) { response.setCookie(cookie) }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `DELETE /session`: revokes the session's token and clears both cookies.
    @Sendable func signOut(_ request: Request, context: TempoRequestContext) async throws -> Response {
        try await accounts.revoke(context.requireCaller())
        var response = Response(status: .noContent)
        for cookie in DashboardSession.clearedCookies(for: request) { response.setCookie(cookie) }
        return response
    }

    /// The asset with its type, the security headers, and a validator: the browser revalidates
    /// every time (`no-cache`) and gets a 304 while the binary is the same.
    private static func serve(_ asset: DashboardAssets.Asset, request: Request) -> Response {
        let tag = asset.eTag
        var headers: HTTPFields = [
            .contentType: asset.contentType,
            .cacheControl: "no-cache",
            .eTag: tag,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .contentSecurityPolicy: contentSecurityPolicy,
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
        if request.headers[.ifNoneMatch] == tag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
