#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One libFuzzer input: its bytes, and the ways Tempo's readers take them (data, text, a file).
///
/// The activity readers only read files (they stream from a descriptor), so `file(extension:)`
/// writes the bytes to one scratch file per process, overwritten by every input.
struct FuzzInput {
    let bytes: UnsafeRawBufferPointer

    init(_ data: UnsafeRawPointer, _ size: Int) {
        bytes = UnsafeRawBufferPointer(start: data, count: size)
    }

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var data: Data { Data(bytes) }

    /// The bytes as UTF-8 (invalid sequences become U+FFFD, as Tempo's readers decode files).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The first byte, to choose among parsers, and the text after it.
    var selectorAndRest: (selector: UInt8, rest: String)? {
        guard let first = bytes.first else { return nil }
        return (first, String(decoding: bytes.dropFirst(), as: UTF8.self))
    }

    /// A scratch file holding exactly these bytes, named `input.<ext>` so the format is chosen by extension.
    func file(extension ext: String) -> URL {
        let url = FuzzInput.scratchDirectory.appendingPathComponent("input.\(ext)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot write the scratch file \(url.path): errno \(errno)") }
        defer { close(descriptor) }
        var written = 0
        while let base = bytes.baseAddress, written < bytes.count {
            let result = write(descriptor, base + written, bytes.count - written)
            guard result > 0 else { fatalError("cannot write the scratch file \(url.path): errno \(errno)") }
            written += result
        }
        return url
    }

    /// `$TEMPO_FUZZ_SCRATCH` (set by scripts/fuzz), else the system's temporary directory, plus the pid.
    static let scratchDirectory: URL = {
        let base = ProcessInfo.processInfo.environment["TEMPO_FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
        let url = URL(fileURLWithPath: base).appendingPathComponent("tempo-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
}
