import Hummingbird
import Logging
import NIOCore

/// What a request carries through the router: the core context, the caller's account once a
/// bearer token was checked, the client's address (for login throttling) and the body limit.
struct TempoRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The authenticated caller (set by `AuthMiddleware`), and the hash of the token used.
    var caller: Caller?
    /// The peer's socket address.
    private let peer: SocketAddress?
    /// The peer's IP address, without the port (worked out only when asked: sign-ins need it).
    var remoteAddress: String { peer?.ipAddress ?? "unknown" }
    /// The largest body a handler collects.
    var maxUploadSize: Int { Self.maxBodyBytes }
    /// The largest request body accepted, bytes (a year of 1 Hz fixes as FIT is ~10 MB); a larger one gets 413.
    static let maxBodyBytes = 32 << 20

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress
    }

    /// An authenticated account and the token it used.
    struct Caller: Sendable {
        let accountID: String
        let tokenHash: String
    }

    /// The caller, or a 401.
    func requireCaller() throws -> Caller {
        guard let caller else { throw APIError(.unauthorized, "unauthorized", "a bearer token is required") }
        return caller
    }
}
