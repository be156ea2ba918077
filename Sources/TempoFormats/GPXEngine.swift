/// Which implementation `GPXReader` uses. The general path stays reachable so tests can check
/// that the fast one reports exactly the same elements and errors.
enum GPXEngine: Sendable {
    /// `GPXFastScanner`, falling back to the general path for documents not in UTF-8.
    case fast
    /// `GPXParser` driven by `XMLScanner` (or `XMLParser` for other encodings).
    case general
}
