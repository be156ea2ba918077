import GRDB

/// Why the store refused or failed an operation, in words a person understands.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a Tempo database (or is damaged).
    case corrupt(path: String)
    /// The file is a SQLite database of another program; Tempo leaves it untouched.
    case foreign(path: String)
    /// The file cannot be opened or created.
    case cannotOpen(path: String, reason: String)
    /// Nothing matches what was asked for (`kind` such as "timer", `reference` as typed).
    case notFound(kind: String, reference: String)
    /// More than one record matches; the message lists them.
    case ambiguous(kind: String, reference: String, candidates: [String])
    /// The operation is not allowed now (the message says why).
    case refused(String)
    /// Another SQLite failure.
    case sqlite(String)

    /// Classifies an error thrown by GRDB or SQLite.
    public init(_ error: any Error, path: String) {
        if let store = error as? StoreError {
            self = store
        } else if let db = error as? DatabaseError {
            switch db.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .corrupt(path: path)
            case .SQLITE_READONLY: self = .cannotOpen(path: path, reason: "the file or its folder is read-only")
            case .SQLITE_FULL: self = .cannotOpen(path: path, reason: "the disk is full; nothing was changed")
            case .SQLITE_CANTOPEN, .SQLITE_PERM:
                self = .cannotOpen(path: path, reason: db.message ?? "\(db.resultCode)")
            default: self = .sqlite(db.message ?? "\(db.resultCode)")
            }
        } else if error is RowDecodingError {
            // A stored value no record can hold (an id that is not a UUID) is a damaged file.
            self = .corrupt(path: path)
        } else {
            self = .sqlite(String(describing: error))
        }
    }

    public var description: String {
        switch self {
        case .corrupt(let path): "\(path) is not a Tempo database (the file is damaged or of another kind)"
        case .foreign(let path): "\(path) is a SQLite database of another program, not a Tempo store; it was left untouched"
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .notFound(let kind, let reference): "no \(kind) matches '\(reference)'"
        case .ambiguous(let kind, let reference, let candidates):
            "'\(reference)' matches several \(kind)s: \(candidates.joined(separator: ", "))"
        case .refused(let message): message
        case .sqlite(let message): "database error: \(message)"
        }
    }
}
