/// A stored timer row that no longer describes a timer (written by hand, or by a newer server).
enum StoredTimerError: Error, CustomStringConvertible {
    case malformed(String)

    var description: String {
        switch self {
        case .malformed(let id): "the stored timer \(id) is malformed"
        }
    }
}
