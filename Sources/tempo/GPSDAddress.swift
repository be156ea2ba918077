import ArgumentParser

/// gpsd's address as typed after `--gpsd`: `HOST:PORT`, `HOST` (port 2947) or `:PORT` (this machine).
struct GPSDAddress: Equatable {
    /// Where gpsd listens unless told otherwise.
    static let standard = GPSDAddress(host: "127.0.0.1", port: 2947)
    private static let ports = 1...65535

    let host: String
    let port: Int

    private init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `text`; refuses an empty text and a port outside 1–65535.
    init(_ text: String) throws {
        guard let colon = text.lastIndex(of: ":") else {
            guard !text.isEmpty else { throw ValidationError("'\(text)' is not HOST:PORT") }
            self.init(host: text, port: Self.standard.port)
            return
        }
        guard let port = Int(text[text.index(after: colon)...]), Self.ports.contains(port) else {
            throw ValidationError("'\(text)' is not HOST:PORT")
        }
        let host = String(text[..<colon])
        self.init(host: host.isEmpty ? Self.standard.host : host, port: port)
    }

    /// The address given (nil: none), or the standard one.
    static func given(_ text: String?) throws -> GPSDAddress {
        try text.map(GPSDAddress.init) ?? standard
    }
}
