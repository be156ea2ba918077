import Foundation

/// The real device recordings in `Tests/Fixtures` (see the README there for provenance).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent("runs").appendingPathComponent(name)
    }
}
