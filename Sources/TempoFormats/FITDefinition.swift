import Foundation
import TempoKit

/// A FIT definition message: how to read the data messages of one local message type.
struct FITDefinition {
    var global: UInt16
    var bigEndian: Bool
    /// Bytes of content (regular and developer fields) after the record header.
    var size: Int
    /// For each field number 0…255: `offset << 16 | size << 8 | baseType`, or `absent`. One array,
    /// looked up in O(1) per field, so a data message costs one retain however many fields it reads.
    var lookup: [UInt32]

    static let absent = UInt32.max

    init(global: UInt16, bigEndian: Bool, fields: [FITFieldDefinition], developerSize: Int) {
        self.global = global
        self.bigEndian = bigEndian
        var lookup = [UInt32](repeating: Self.absent, count: 256)
        var offset = 0
        for field in fields {
            if lookup[Int(field.number)] == Self.absent, offset < 0xFFFF {
                lookup[Int(field.number)] = UInt32(offset) << 16 | UInt32(field.size) << 8 | UInt32(field.baseType)
            }
            offset += field.size
        }
        self.lookup = lookup
        self.size = offset + developerSize
    }
}
