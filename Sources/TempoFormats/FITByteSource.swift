#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A forward-only window over a file for the FIT reader: a fixed buffer refilled from disk
/// in chunks, a running CRC over every consumed byte, and the absolute offset for error messages.
///
/// A struct over manually allocated memory (not an array) so reading a byte costs no
/// reference counting or exclusivity check; the owner calls `deallocate()` when done. The
/// `FileHandle` it reads from is owned by the caller.
struct FITByteSource {
    private let handle: FileHandle
    private let chunkSize: Int
    /// The window: `bytes[0..<filled]` holds the file from `bufferOffset` on.
    private(set) var bytes: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes of the file in the window.
    private(set) var filled = 0
    /// Index in the window of the next unread byte.
    var position = 0
    /// Absolute file offset of `bytes[0]`.
    private(set) var bufferOffset = 0
    private var atEnd = false
    /// CRC-16 (FIT/ARC) of bytes consumed since the last `resetCRC()`.
    private var crcValue: UInt16 = 0
    private var crcIndex = 0

    /// Readable bytes past the window's capacity, so `FITField` may load eight bytes for a
    /// field of any width at the very end of the file.
    static let padding = 8

    init(handle: FileHandle, chunkSize: Int) {
        self.handle = handle
        self.chunkSize = chunkSize
        capacity = chunkSize
        bytes = UnsafeMutableRawPointer.allocate(byteCount: chunkSize + Self.padding, alignment: 16)
    }

    /// Frees the window; the source must not be used afterwards.
    func deallocate() { bytes.deallocate() }

    /// Absolute file offset of the next unread byte.
    var offset: Int { bufferOffset + position }

    /// The byte at `position + index`, which `ensure` must have made available.
    @inline(__always) func byte(_ index: Int) -> UInt8 {
        bytes.load(fromByteOffset: position + index, as: UInt8.self)
    }

    /// Makes `count` bytes available from `position`; `false` when the file ends first.
    @inline(__always) mutating func ensure(_ count: Int) throws -> Bool {
        if filled - position >= count { return true }
        return try refill(count)
    }

    private mutating func refill(_ count: Int) throws -> Bool {
        while filled - position < count, !atEnd {
            updateCRC()
            // Drop consumed bytes before reading more, so the window stays about one chunk long.
            if position > 0 {
                let kept = filled - position
                if kept > 0 { bytes.copyMemory(from: bytes + position, byteCount: kept) }
                bufferOffset += position
                crcIndex -= position
                filled = kept
                position = 0
            }
            if capacity < count {
                // A message longer than the chunk: widen the window to hold it.
                let grown = UnsafeMutableRawPointer.allocate(byteCount: count + chunkSize + Self.padding, alignment: 16)
                grown.copyMemory(from: bytes, byteCount: filled)
                bytes.deallocate()
                bytes = grown
                capacity = count + chunkSize
            }
            let read = try readChunk(into: bytes + filled, count: capacity - filled)
            if read == 0 {
                atEnd = true
                break
            }
            filled += read
        }
        return filled - position >= count
    }

    /// Reads up to `count` bytes straight into the window; 0 at the end of the file.
    private func readChunk(into destination: UnsafeMutableRawPointer, count: Int) throws -> Int {
        while true {
            let result = read(handle.fileDescriptor, destination, count)
            if result >= 0 { return result }
            if errno == EINTR { continue }
            // Let Foundation read (and fail) the same way, so the error and its message are Foundation's.
            guard let data = try handle.read(upToCount: count), !data.isEmpty else { return 0 }
            data.copyBytes(to: destination.assumingMemoryBound(to: UInt8.self), count: data.count)
            return data.count
        }
    }

    /// Whether no byte remains.
    mutating func isAtEnd() throws -> Bool { try !ensure(1) }

    /// The file's total length is not known in advance; this is the offset where it ended, once it has.
    var endOffset: Int { bufferOffset + filled }

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
        let bytes = UnsafeRawPointer(self.bytes)
        FITByteSource.crcTables.withUnsafeBufferPointer { tables in
            @inline(__always) func entry(_ table: Int, _ byte: UInt64) -> UInt16 {
                tables[table &* 256 &+ Int(truncatingIfNeeded: byte & 0xFF)]
            }
            // Slicing-by-16: sixteen bytes per step through sixteen 256-entry tables. Only the
            // first two bytes depend on the running CRC; the other fourteen lookups are summed
            // apart from it, so they overlap with the previous step instead of waiting for it.
            while index &+ 16 <= end {
                let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self))
                let head = (entry(13, first >> 16) ^ entry(12, first >> 24)) ^ (entry(11, first >> 32) ^ entry(10, first >> 40))
                    ^ (entry(9, first >> 48) ^ entry(8, first >> 56))
                let tail = (entry(7, second) ^ entry(6, second >> 8)) ^ (entry(5, second >> 16) ^ entry(4, second >> 24))
                    ^ ((entry(3, second >> 32) ^ entry(2, second >> 40)) ^ (entry(1, second >> 48) ^ entry(0, second >> 56)))
                let low = UInt64(crc ^ UInt16(truncatingIfNeeded: first))
                crc = (entry(15, low) ^ entry(14, low >> 8)) ^ (head ^ tail)
                index &+= 16
            }
            while index < end {
                let byte = bytes.load(fromByteOffset: index, as: UInt8.self)
                crc = (crc >> 8) ^ tables[Int(UInt8(truncatingIfNeeded: crc) ^ byte)]
                index += 1
            }
        }
        crcValue = crc
        crcIndex = position
    }

    /// CRC-16/ARC (reflected polynomial 0xA001, initial 0), which is what the FIT protocol's
    /// nibble table computes. Table k (k = 0…15, 256 entries each) is the CRC of a byte followed by k zero bytes.
    static let crcTables: [UInt16] = {
        var tables = [UInt16](repeating: 0, count: 16 * 256)
        for byte in 0..<256 {
            var crc = UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
            tables[byte] = crc
        }
        for table in 1..<16 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
