import Foundation
import PostgresNIO

/// A `postgres://user[:password]@host[:port]/database` URL as a connection configuration.
///
/// `?host=/dir` (as libpq has it) connects through the unix socket `/dir/.s.PGSQL.<port>`.
/// Connections are plain (a server on this machine or a private network); `sslmode` other than
/// `disable` is refused rather than silently ignored.
enum PostgresURL {
    /// The client configuration of `text`; throws ``StoreError/invalidURL(_:)`` naming the problem.
    static func configuration(_ text: String) throws -> PostgresClient.Configuration {
        guard let url = URLComponents(string: text), url.scheme == "postgres" || url.scheme == "postgresql" else {
            throw StoreError.invalidURL("expected postgres://user@host:port/database, got \(text)")
        }
        guard let user = url.user, !user.isEmpty else { throw StoreError.invalidURL("no user in \(text)") }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw StoreError.invalidURL("no database in \(text)") }
        let port = url.port ?? 5432
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        var configuration: PostgresClient.Configuration
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            configuration = .init(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: url.password,
                                  database: database)
        } else {
            guard let host = url.host, !host.isEmpty else { throw StoreError.invalidURL("no host in \(text)") }
            if let mode = query["sslmode"], mode != "disable" {
                throw StoreError.invalidURL("sslmode \(mode): TLS to PostgreSQL is not supported yet (sslmode=disable)")
            }
            configuration = .init(host: host, port: port, username: user, password: url.password, database: database, tls: .disable)
        }
        configuration.options.maximumConnections = PostgresStore.maximumConnections
        return configuration
    }
}
