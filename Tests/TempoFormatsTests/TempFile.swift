import Foundation

/// Files a test writes for itself, in a fresh temporary directory per call.
enum TempFile {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ name: String, _ text: String) throws -> URL {
        try write(name, Data(text.utf8))
    }

    static func write(_ name: String, _ data: Data) throws -> URL {
        let url = try directory().appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}
