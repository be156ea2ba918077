import Foundation

/// A forward-only window over a file for the FIT reader: a fixed buffer refilled from disk
/// in chunks, a running CRC over every consumed byte, and the absolute offset for error messages.
///
/// A class because it owns the open `FileHandle`; used by one reader on one thread.
final class FITByteSource {
    private let handle: FileHandle
    private let chunkSize: Int
    private(set) var buffer: [UInt8] = []
    /// Index in `buffer` of the next unread byte.
    var position = 0
    /// Absolute file offset of `buffer[0]`.
    private var bufferOffset = 0
    private var atEnd = false
    /// CRC-16 (FIT/ARC) of bytes consumed since the last `resetCRC()`.
    private var crcValue: UInt16 = 0
    private var crcIndex = 0

    init(handle: FileHandle, chunkSize: Int = 1 << 18) {
        self.handle = handle
        self.chunkSize = chunkSize
    }

    /// Absolute file offset of the next unread byte.
    var offset: Int { bufferOffset + position }

    /// Makes `count` bytes available from `position`; `false` when the file ends first.
    func ensure(_ count: Int) throws -> Bool {
        if buffer.count - position >= count { return true }
        while buffer.count - position < count, !atEnd {
            updateCRC()
            // Drop consumed bytes before appending, so the buffer stays about one chunk long.
            if position > 0 {
                buffer.removeSubrange(0..<position)
                bufferOffset += position
                crcIndex -= position
                position = 0
            }
            guard let data = try handle.read(upToCount: max(chunkSize, count)), !data.isEmpty else {
                atEnd = true
                break
            }
            buffer.append(contentsOf: data)
        }
        return buffer.count - position >= count
    }

    /// Whether no byte remains.
    func isAtEnd() throws -> Bool { try !ensure(1) }

    /// The file's total length is not known in advance; this is the offset where it ended, once it has.
    var endOffset: Int { bufferOffset + buffer.count }

    func resetCRC() {
        crcValue = 0
        crcIndex = position
    }

    /// The CRC of all bytes consumed since `resetCRC()`.
    func crc() -> UInt16 {
        updateCRC()
        return crcValue
    }

    private func updateCRC() {
        guard crcIndex < position else { return }
        var crc = crcValue
        buffer.withUnsafeBufferPointer { bytes in
            for index in crcIndex..<position {
                crc = (crc >> 8) ^ FITByteSource.crcTable[Int((crc ^ UInt16(bytes[index])) & 0xFF)]
            }
        }
        crcValue = crc
        crcIndex = position
    }

    /// CRC-16/ARC (reflected polynomial 0xA001, initial 0), which is what the FIT protocol's nibble table computes.
    static let crcTable: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }
}
