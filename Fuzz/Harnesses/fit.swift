import TempoFormats

/// libFuzzer entry: the input is a whole FIT file (see `ActivityHarness`).
///
/// Read twice: as it is (headers, sizes and CRCs as mutated), and made one consistent file —
/// signature, data size and file CRC rewritten, header CRC zeroed (meaning "not set") — so
/// mutated records get past the CRC check into the summary, as a hostile file would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    ActivityHarness.run(input, format: .fit)
    var consistent = Array(input.bytes)
    guard FITRepair.repair(&consistent) else { return 0 }
    consistent.withUnsafeBytes { ActivityHarness.run(FuzzInput(bytes: $0), format: .fit) }
    return 0
}

enum FITRepair {
    /// Makes `bytes` one FIT file whose header and CRCs are right; false when too short for that.
    static func repair(_ bytes: inout [UInt8]) -> Bool {
        let headerSize = Int(bytes.first ?? 0)
        guard headerSize >= 12, bytes.count >= headerSize + 2 else { return false }
        let dataSize = bytes.count - headerSize - 2
        bytes[4] = UInt8(truncatingIfNeeded: dataSize)
        bytes[5] = UInt8(truncatingIfNeeded: dataSize >> 8)
        bytes[6] = UInt8(truncatingIfNeeded: dataSize >> 16)
        bytes[7] = UInt8(truncatingIfNeeded: dataSize >> 24)
        bytes.replaceSubrange(8..<12, with: Array(".FIT".utf8))
        if headerSize >= 14 {
            bytes[12] = 0
            bytes[13] = 0
        }
        let crc = crc16(bytes[..<(bytes.count - 2)])
        bytes[bytes.count - 2] = UInt8(truncatingIfNeeded: crc)
        bytes[bytes.count - 1] = UInt8(truncatingIfNeeded: crc >> 8)
        return true
    }

    /// CRC-16/ARC, the FIT protocol's checksum.
    static func crc16(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}
