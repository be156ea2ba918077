/// A stored timer row that no longer describes a timer (written by hand, or by a newer server).
enum StoredTimerError: Error, CustomStringConvertible {
    /// The row of timer `id` misses what its phase needs.
    case malformed(String)

    /// One line for the log.
    var description: String {
        switch self {
        case .malformed(let id): "the stored timer \(id) is malformed"
        }
    }
}
