import ArgumentParser
import Foundation
import TempoSync

/// `tempo logout`: revokes this device's token and removes its login file.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Revoke this device's token on the server; forget it.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let path = SyncLogin.path(forDatabase: global.databasePath)
        guard let login = try SyncLogin.load(path: path), let baseURL = URL(string: login.url) else {
            throw SyncError.notLoggedIn(path: path)
        }
        // A token the server no longer knows is as good as revoked.
        do {
            try await SyncAccount(client: SyncClient(baseURL: baseURL, token: login.token)).revoke()
        } catch SyncError.unauthorized {}
        try SyncLogin.remove(path: path)
        print("signed out of \(login.url)")
    }
}
