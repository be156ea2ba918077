import ArgumentParser
import Foundation
import Logging
import TempoServer

/// `tempo serve`: the self-hosted server, until SIGTERM or SIGINT (finishing requests in flight).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Tempo server: accounts, sync, live updates.",
        discussion: "Prints the URL it serves once it listens; --port 0 picks a free port."
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The TCP port (0: any free one).") var port = 8080
    @Option(name: .long, help: ArgumentHelp(
        "The server's SQLite file (default: $XDG_DATA_HOME/tempo/server.sqlite, else ~/.local/share/tempo/server.sqlite).",
        valueName: "path"))
    var db: String?
    @Option(name: .long, help: ArgumentHelp(
        "Keep the data in this PostgreSQL database instead of a SQLite file (postgres://user@host:port/database; several servers may share it).",
        valueName: "url"))
    var postgres: String?
    @Option(name: .long, help: ArgumentHelp(
        "The least severe messages logged: trace, debug, info (one line per request), notice, warning, error or critical.",
        valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        if let postgres, db != nil {
            throw ValidationError("--db and --postgres \(postgres) name two databases: give one")
        }
        if let postgres, !(postgres.hasPrefix("postgres://") || postgres.hasPrefix("postgresql://")) {
            throw ValidationError("--postgres must be a postgres://user@host:port/database URL, not \(postgres)")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(logLevel)")
        }
    }

    func run() async throws {
        let path = db ?? Self.defaultPath()
        if postgres == nil {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        // Where the data is, as the start-up line says it (a password in the URL is not shown).
        let location = postgres.map(Self.withoutPassword) ?? path
        let host = self.host
        // The one clock of the edge (TEMPO_NOW fixes it, for end-to-end tests).
        let now = try CommandTime.current.checkedNow()
        try await runServer(
            configuration: ServerConfiguration(
                host: host, port: port, databasePath: path, postgresURL: postgres, logLevel: Logger.Level(rawValue: logLevel) ?? .info),
            now: now,
            onServerRunning: { port in
                FileHandle.standardOutput.write(Data("tempo: serving http://\(host):\(port) (data in \(location))\n".utf8))
            })
    }

    private static func withoutPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = nil
        return components.string ?? url
    }

    private static func defaultPath() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/tempo/server.sqlite" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/tempo/server.sqlite"
    }
}
