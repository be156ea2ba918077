import Foundation
import TempoTestSupport

/// Files a test writes for itself, in a fresh directory per call (in `TestDirectory.root`).
enum TempFile {
    static func directory() throws -> URL {
        let url = TestDirectory.root.appendingPathComponent("tempo-formats-\(UUID().uuidString)")
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

    /// A named pipe `name`, which a thread of its own fills with `text` once a reader opens it:
    /// an input that cannot be read again.
    static func pipe(_ name: String, feeding text: String) throws -> URL {
        let url = try directory().appendingPathComponent(name)
        guard mkfifo(url.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let data = Data(text.utf8)
        Thread {
            guard let handle = FileHandle(forWritingAtPath: url.path) else { return }
            handle.write(data)
            try? handle.close()
        }.start()
        return url
    }
}
