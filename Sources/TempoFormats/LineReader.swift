import Foundation

/// Splits a byte stream into lines (`\n`, with an optional `\r` before it) with constant memory
/// apart from the longest line. Pulls bytes from `read`, which returns an empty array at the end.
struct LineReader {
    private let read: () throws -> [UInt8]
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// 1-based number of the last line returned.
    private(set) var lineNumber = 0

    init(read: @escaping () throws -> [UInt8]) {
        self.read = read
    }

    /// Reads `handle` in chunks of `chunkSize` bytes.
    init(handle: FileHandle, chunkSize: Int = 1 << 16) {
        self.init { try handle.read(upToCount: chunkSize).map { [UInt8]($0) } ?? [] }
    }

    /// The next line without its line ending, or `nil` at the end of input.
    mutating func next() throws -> Substring? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                lineNumber += 1
                return line[...]
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                lineNumber += 1
                return line[...]
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            let chunk = try read()
            if chunk.isEmpty { atEnd = true } else { buffer += chunk }
        }
    }
}
