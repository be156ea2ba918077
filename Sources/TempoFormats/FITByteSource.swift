import Foundation

/// A forward-only window over a file for the FIT reader: a fixed buffer refilled from disk
/// in chunks, a running CRC over every consumed byte, and the absolute offset for error messages.
///
/// A struct (not a class) so buffer accesses need no dynamic exclusivity checks; the `FileHandle`
/// it reads from is owned by the caller.
struct FITByteSource {
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
    mutating func ensure(_ count: Int) throws -> Bool {
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
    mutating func isAtEnd() throws -> Bool { try !ensure(1) }

    /// The file's total length is not known in advance; this is the offset where it ended, once it has.
    var endOffset: Int { bufferOffset + buffer.count }

    mutating func resetCRC() {
        crcValue = 0
        crcIndex = position
    }

    /// The CRC of all bytes consumed since `resetCRC()`.
    mutating func crc() -> UInt16 {
        updateCRC()
        return crcValue
    }

    private mutating func updateCRC() {
        guard crcIndex < position else { return }
        var crc = crcValue
        var index = crcIndex
        let end = position
        buffer.withUnsafeBufferPointer { bytes in
            FITByteSource.crcTables.withUnsafeBufferPointer { tables in
                // Slicing-by-8: eight bytes per step through eight 256-entry tables.
                while index + 8 <= end {
                    let low = crc ^ (UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
                    crc = tables[7 * 256 + Int(low & 0xFF)] ^ tables[6 * 256 + Int(low >> 8)]
                        ^ tables[5 * 256 + Int(bytes[index + 2])] ^ tables[4 * 256 + Int(bytes[index + 3])]
                        ^ tables[3 * 256 + Int(bytes[index + 4])] ^ tables[2 * 256 + Int(bytes[index + 5])]
                        ^ tables[256 + Int(bytes[index + 6])] ^ tables[Int(bytes[index + 7])]
                    index += 8
                }
                while index < end {
                    crc = (crc >> 8) ^ tables[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])]
                    index += 1
                }
            }
        }
        crcValue = crc
        crcIndex = position
    }

    /// CRC-16/ARC (reflected polynomial 0xA001, initial 0), which is what the FIT protocol's
    /// nibble table computes. Table k (k = 0…7, 256 entries each) is the CRC of a byte followed by k zero bytes.
    static let crcTables: [UInt16] = {
        var tables = [UInt16](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
            tables[byte] = crc
        }
        for table in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
