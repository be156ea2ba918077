import Foundation

/// A file a person names on the command line, checked before it is opened: it must exist and be
/// a regular, readable file. A directory, a FIFO or a device is refused by name, so nothing
/// blocks on a pipe with no writer or reads `/dev/zero` forever.
public enum InputFile {
    /// Throws unless `path` is a regular file this process can read; with `streams`, a pipe or a
    /// character device (a serial GPS receiver) is accepted too.
    public static func check(_ path: String, streams: Bool = false) throws(InputFileError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputFileError(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO where streams, S_IFCHR where streams: break
        case S_IFDIR: throw InputFileError(path: path, reason: "is a directory, not a file")
        case S_IFIFO: throw InputFileError(path: path, reason: "is a pipe (FIFO), not a regular file")
        case S_IFCHR, S_IFBLK: throw InputFileError(path: path, reason: "is a device, not a regular file")
        case S_IFSOCK: throw InputFileError(path: path, reason: "is a socket, not a regular file")
        default: throw InputFileError(path: path, reason: "is not a regular file")
        }
        guard access(path, R_OK) == 0 else { throw InputFileError(path: path, reason: "permission denied") }
    }

    /// The name that means standard input wherever a file is read (`timew export | tempo focus import -`).
    public static let standardInput = "-"

    /// The whole file, after ``InputFile/check(_:streams:)``; for ``standardInput``, everything on
    /// standard input.
    public static func read(_ path: String) throws(InputFileError) -> Data {
        if path == standardInput { return FileHandle.standardInput.readDataToEndOfFile() }
        try check(path)
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw InputFileError(path: path, reason: "cannot be read")
        }
    }
}

/// A named file that cannot be read, and why (`notes.json: is a directory, not a file`).
public struct InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
