import Foundation
import Logging

/// Where `tempo serve` listens and keeps its data.
public struct ServerConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` keeps the server on this machine).
    public var host: String
    /// The TCP port; 0 picks a free one (printed when the server is up).
    public var port: Int
    /// The SQLite file holding every account's data (WAL mode); unused with `postgresURL`.
    public var databasePath: String
    /// A PostgreSQL database (`postgres://user@host:port/database`) holding every account's data
    /// instead of the SQLite file, shared by any number of server processes.
    public var postgresURL: String?
    /// The bcrypt cost of new password hashes (2^cost rounds; 10 takes ~0.1 s here).
    public var passwordCost: UInt8
    /// The least severe log messages written (`info` logs each request with its id).
    public var logLevel: Logger.Level

    /// A configuration; the defaults serve loopback on 8080.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String, postgresURL: String? = nil, passwordCost: UInt8 = 10,
        logLevel: Logger.Level = .info
    ) {
        self.postgresURL = postgresURL
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.passwordCost = passwordCost
        self.logLevel = logLevel
    }
}
