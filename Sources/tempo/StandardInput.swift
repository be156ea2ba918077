import Foundation
import TempoFormats
import TempoKit

/// `-` given where an activity file is read: the bytes of standard input, copied to a temporary
/// file for the readers, which stream from a path (a FIT file is read twice: format, then records).
enum StandardInput {
    /// Everything on standard input.
    static func readAll() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }

    /// Runs `body` on a temporary file holding `bytes`, removed afterwards; a format error names
    /// `-`, not the temporary file.
    static func withTemporaryFile<T>(_ bytes: Data, _ body: (URL) throws(FormatError) -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tempo-stdin-\(UUID().uuidString)")
        do {
            try bytes.write(to: url)
        } catch {
            throw CLIError("cannot copy standard input to \(url.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            return try body(url)
        } catch {
            var named = error
            if named.file == url.path { named.file = InputFile.standardInput }
            throw named
        }
    }
}
