/// Why signing in or syncing failed, as one line a person understands.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached (down, wrong address, network gone).
    case unreachable(url: String, reason: String)
    /// The server refused the credentials or the token (revoked, or never valid).
    case unauthorized(String)
    /// The server answered with an error this client cannot get past.
    case refused(status: Int, message: String)
    /// The server's answer was not what its API documents.
    case unexpectedAnswer(String)
    /// This device is not signed in.
    case notLoggedIn(path: String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason): "cannot reach \(url): \(reason); nothing was lost, sync again later"
        case .unauthorized(let message): "the server refused this device (\(message)); sign in again with `tempo login`"
        case .refused(let status, let message): "the server answered \(status): \(message)"
        case .unexpectedAnswer(let message): "unexpected answer from the server: \(message)"
        case .notLoggedIn(let path): "not signed in (no \(path)); run `tempo login URL --email E` first"
        }
    }
}
