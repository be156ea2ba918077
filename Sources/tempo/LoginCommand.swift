import ArgumentParser
import Foundation
import TempoStore
import TempoSync

/// `tempo login URL --email E [--device NAME] [--create-account]`: signs this store in to a server.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign this store in to a Tempo server for `tempo sync`.",
        discussion: """
            The password comes from TEMPO_PASSWORD, else it is asked for without echo. The token is \
            kept next to the store, in <db>.login (mode 0600): each store is its own device.
            """)

    @Argument(help: "The server's URL (http://127.0.0.1:8080; plain HTTP).") var url: String
    @Option(help: "The account's email.") var email: String
    @Option(help: "This device's name (default: the host name).") var device: String?
    @Flag(name: .customLong("create-account"), help: "Create the account first.") var createAccount = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard let parsed = URL(string: url), parsed.scheme == "http", parsed.host != nil else {
            throw ValidationError("'\(url)' is not an http:// URL (the client speaks plain HTTP; reach a remote server through an SSH tunnel or a local TLS proxy)")
        }
    }

    func run() async throws {
        guard let baseURL = URL(string: url) else { throw ValidationError("'\(url)' is not an http:// URL") }
        let password = try PasswordPrompt.password(environment: ProcessInfo.processInfo.environment)
        let device = self.device ?? ProcessInfo.processInfo.hostName
        let database = try global.openDatabase()
        let account = SyncAccount(client: SyncClient(baseURL: baseURL, token: nil))
        if createAccount { try await account.create(email: email, password: password) }
        let token = try await account.signIn(email: email, password: password, device: device)
        let path = SyncLogin.path(forDatabase: global.databasePath)
        let previous = try SyncLogin.load(path: path)
        // Another server or account: what was acknowledged there says nothing about this one.
        if previous?.url != baseURL.absoluteString || previous?.email.lowercased() != email.lowercased() {
            try database.resetSync()
        }
        try SyncLogin(url: baseURL.absoluteString, email: email, device: device, token: token).save(path: path)
        print("signed in to \(baseURL.absoluteString) as \(email) (device \(device)); token in \(path)")
    }
}
