import Foundation
import TempoKit

/// A FIT definition message: how to read the data messages of one local message type,
/// turned into a decode plan when the definition arrives.
///
/// A plain value of about fifty bytes with no references, so reading it for every data
/// message costs no reference counting. Lap, session and event messages, a handful per file,
/// are read through `lookup` instead, which the decoder keeps beside it.
struct FITDefinition {
    var global: UInt16
    var bigEndian: Bool
    /// Bytes of content (regular and developer fields) after the record header.
    var size: Int
    /// timestamp (253), read from every message for compressed timestamps.
    var timestamp: FITField
    /// For record messages, the fields of a fix (all absent for other messages).
    var record = FITRecordFields()

    static let absent = UInt32.max

    /// Whether data messages of this type are read through a field table (`lookup(_:)`).
    var needsLookup: Bool { global == 18 || global == 19 || global == 21 }

    /// For each field number 0…255: `offset << 16 | size << 8 | baseType`, or `absent`.
    /// Only the first field with a given number counts; offsets past 0xFFFF are not kept.
    static func lookup(_ fields: [FITFieldDefinition]) -> [UInt32] {
        var lookup = [UInt32](repeating: Self.absent, count: 256)
        var offset = 0
        for field in fields {
            if lookup[Int(field.number)] == Self.absent, offset < 0xFFFF {
                lookup[Int(field.number)] = UInt32(offset) << 16 | UInt32(field.size) << 8 | UInt32(field.baseType)
            }
            offset += field.size
        }
        return lookup
    }

    init(global: UInt16, bigEndian: Bool, fields: [FITFieldDefinition], developerSize: Int) {
        self.global = global
        self.bigEndian = bigEndian
        timestamp = .absent
        // Only the first field with a given number counts; offsets past 0xFFFF are not kept.
        var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var offset = 0
        for field in fields {
            let number = Int(field.number)
            let bit = UInt64(1) << UInt64(number & 63)
            let first: Bool
            switch number >> 6 {
            case 0: first = seen.0 & bit == 0; seen.0 |= bit
            case 1: first = seen.1 & bit == 0; seen.1 |= bit
            case 2: first = seen.2 & bit == 0; seen.2 |= bit
            default: first = seen.3 & bit == 0; seen.3 |= bit
            }
            if first, offset < 0xFFFF {
                let planned = FITField(offset: offset, size: field.size, baseType: field.baseType)
                if field.number == 253 { timestamp = planned }
                if global == 20 { record.place(number: field.number, planned) }
            }
            offset += field.size
        }
        self.size = offset + developerSize
    }
}
