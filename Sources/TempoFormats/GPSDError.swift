/// Why the gpsd client could not deliver fixes; `description` is one line for the user.
public enum GPSDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name did not resolve.
    case cannotResolve(host: String, port: Int, reason: String)
    /// No connection could be made (refused, unreachable, timed out).
    case cannotConnect(host: String, port: Int, reason: String)
    /// The connection failed while reading or writing.
    case connectionFailed(host: String, port: Int, reason: String)

    /// One line for the user, e.g. "cannot connect to gpsd at 127.0.0.1:2947: Connection refused".
    public var description: String {
        switch self {
        case .cannotResolve(let host, let port, let reason): "cannot resolve gpsd host \(host):\(port): \(reason)"
        case .cannotConnect(let host, let port, let reason): "cannot connect to gpsd at \(host):\(port): \(reason)"
        case .connectionFailed(let host, let port, let reason): "connection to gpsd at \(host):\(port) failed: \(reason)"
        }
    }
}
