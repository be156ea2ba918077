import Foundation

/// Builds small FIT files byte by byte for tests, following the FIT protocol document
/// (independent of `FITReader`; the CRC is the protocol's own nibble-table routine).
struct FITTestFile {
    var bytes: [UInt8] = []

    enum Field {
        /// field number, size, base type, value bytes in the message's byte order
        case raw(UInt8, UInt8, UInt8)
    }

    /// A definition message for `local`, `fields` as (number, size, baseType), optional developer fields (number, size, index).
    mutating func define(local: UInt8, global: UInt16, bigEndian: Bool = false, fields: [(UInt8, UInt8, UInt8)], developer: [(UInt8, UInt8, UInt8)] = []) {
        bytes.append(0x40 | (developer.isEmpty ? 0 : 0x20) | local)
        bytes.append(0)
        bytes.append(bigEndian ? 1 : 0)
        bytes += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        bytes.append(UInt8(fields.count))
        for field in fields { bytes += [field.0, field.1, field.2] }
        if !developer.isEmpty {
            bytes.append(UInt8(developer.count))
            for field in developer { bytes += [field.0, field.1, field.2] }
        }
    }

    /// A data message with a normal header.
    mutating func data(local: UInt8, _ payload: [UInt8]) {
        bytes.append(local)
        bytes += payload
    }

    /// A data message with a compressed-timestamp header (local 0–3, offset 0–31 s).
    mutating func compressed(local: UInt8, offset: UInt8, _ payload: [UInt8]) {
        bytes.append(0x80 | (local << 5) | (offset & 0x1F))
        bytes += payload
    }

    /// The whole file: 14-byte header with its CRC, the messages, the file CRC.
    func file() -> Data {
        let size = UInt32(bytes.count)
        var header: [UInt8] = [14, 0x20, 0x08, 0x08]
        header += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = Self.crc(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let all = header + bytes
        let crc = Self.crc(all)
        return Data(all + [UInt8(crc & 0xFF), UInt8(crc >> 8)])
    }

    /// The FIT protocol's CRC routine (section "CRC"), nibble by nibble.
    static func crc(_ data: [UInt8]) -> UInt16 {
        let table: [UInt16] = [
            0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
            0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
        ]
        var crc: UInt16 = 0
        for byte in data {
            var tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int(byte & 0xF)]
            tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
        }
        return crc
    }

    static func le32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func be32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    static func be32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    static func le16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func be16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
}
