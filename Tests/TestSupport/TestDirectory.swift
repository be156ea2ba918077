import Foundation

/// Where the tests write their files: one directory per test process, removed when it exits, so
/// a run of `swift test` leaves nothing behind in the temporary directory. (`scripts/test` also
/// runs under a `TMPDIR` of its own, which catches what the tools the tests start leave there.)
public enum TestDirectory {
    /// This process's directory, created on first use.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestDirectory.root) }
        return url
    }()
}
