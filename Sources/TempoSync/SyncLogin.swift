import Foundation

/// A device's sign-in to a server: where, as whom, its name and its token. Kept in a file of
/// mode 0600 next to the local store (`<store>.login`), so each store is its own device.
public struct SyncLogin: Codable, Sendable, Equatable {
    /// The server's base URL (`http://127.0.0.1:8080`).
    public let url: String
    /// The account's email.
    public let email: String
    /// The device name the token was issued for.
    public let device: String
    /// The bearer token.
    public let token: String

    /// A sign-in.
    public init(url: String, email: String, device: String, token: String) {
        self.url = url
        self.email = email
        self.device = device
        self.token = token
    }

    /// The login file of the store at `databasePath`.
    public static func path(forDatabase databasePath: String) -> String {
        databasePath + ".login"
    }

    /// The sign-in stored at `path`, or nil when there is none.
    public static func load(path: String) throws -> SyncLogin? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try JSONDecoder().decode(SyncLogin.self, from: data)
    }

    /// Writes the sign-in to `path` with mode 0600: a new file, created with that mode (the
    /// token is never readable by others, not even for an instant), then renamed over the old one.
    public func save(path: String) throws {
        let data = try JSONEncoder().encode(self)
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary]) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Removes the sign-in at `path` (nothing to do when there is none).
    public static func remove(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.removeItem(atPath: path)
    }
}
