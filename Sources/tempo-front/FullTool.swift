#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The full tool (`tempo` with every command): installed as `PREFIX/libexec/tempo/tempo` by
/// `scripts/install` (this binary being `PREFIX/bin/tempo`), or found next to this binary in a
/// build folder (`.build/release/tempo` beside `.build/release/tempo-front`). Handing a command line to
/// it replaces this process (`execv`): same process id, terminal, signals and exit status.
enum FullTool {
    static func run(_ arguments: [String]) -> Never {
        guard let path = path() else {
            fail("the full tool is missing (looked for ../libexec/tempo/tempo and ./tempo beside \(ownPath() ?? "this program"))")
        }
        // The program name stays the one typed, so `ps` shows `tempo serve`, not the path inside.
        let argv = ([CommandLine.arguments.first ?? "tempo"] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        fail("cannot run \(path): \(String(cString: strerror(errno)))")
    }

    /// One line on standard error, and exit 70 (`EX_SOFTWARE`): the installation is broken.
    private static func fail(_ message: String) -> Never {
        let line = Array("tempo: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(70)
    }

    /// The first candidate that is an executable file other than this program.
    static func path() -> String? {
        guard let own = ownPath() else { return nil }
        let folder = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
        var ownStatus = stat()
        guard stat(own, &ownStatus) == 0 else { return nil }
        for candidate in [folder + "/../libexec/tempo/tempo", folder + "/tempo"] {
            var status = stat()
            guard stat(candidate, &status) == 0, access(candidate, X_OK) == 0,
                  status.st_dev != ownStatus.st_dev || status.st_ino != ownStatus.st_ino
            else { continue }
            return candidate
        }
        return nil
    }

    private static func ownPath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #endif
    }
}
