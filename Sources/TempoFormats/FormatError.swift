/// Why a file or stream could not be read, naming the file and the place in it.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, or `-` for standard input.
    public var file: String
    /// Where in the file: "line 12", "byte 4096", "record 37".
    public var location: String?
    /// What is wrong.
    public var reason: String

    public init(file: String, location: String? = nil, reason: String) {
        self.file = file
        self.location = location
        self.reason = reason
    }

    public var description: String {
        [file, location].compactMap { $0 }.joined(separator: ": ") + ": " + reason
    }
}
