import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process in its own process group (so ending it also ends what it started, like
/// gpsfake's gpsd), with output discarded. Spawned directly because Foundation's `Process`
/// cannot be waited for reliably from async tests on Linux.
struct ChildProcess {
    let pid: pid_t

    init(_ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else { throw TestSocketError.failed("posix_spawn \(arguments[0]): \(String(cString: strerror(status)))") }
        self.pid = pid
    }

    /// Kills the whole process group and reaps the child.
    func kill() {
        #if canImport(Glibc)
        _ = Glibc.kill(-pid, SIGKILL)
        #else
        _ = Darwin.kill(-pid, SIGKILL)
        #endif
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
