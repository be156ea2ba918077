#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The lock file next to the store that makes `tempo timer daemon` one process per store: an
/// exclusive `flock` held for the daemon's life (the kernel drops it when the process dies, even
/// by `kill -9`), with the holder's pid written inside for people and scripts.
final class DaemonLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The lock file of the store at `databasePath`.
    static func path(forDatabase databasePath: String) -> String {
        databasePath + ".timer-daemon.lock"
    }

    /// Takes the lock and writes this process's pid in it; nil when another process holds it.
    static func acquire(path: String) throws -> DaemonLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CLIError("cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return DaemonLock(descriptor: descriptor)
    }

    /// Whether a daemon holds the lock now (a probe that takes and drops it at once).
    static func isHeld(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return true }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Lets another daemon start.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
