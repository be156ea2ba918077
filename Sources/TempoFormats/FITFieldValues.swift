import Foundation
import TempoKit

/// Reads the fields of one data message straight from the buffer, by field number.
struct FITFieldValues {
    let lookup: UnsafeBufferPointer<UInt32>
    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    let bigEndian: Bool

    /// The raw value of field `number` as an integer (first element of arrays), or `nil` when
    /// absent, invalid (the type's sentinel) or not an integer type.
    func raw(_ number: UInt8) -> Int64? {
        let entry = lookup[Int(number)]
        guard entry != FITDefinition.absent else { return nil }
        return decode(offset: start + Int(entry >> 16), size: Int((entry >> 8) & 0xFF), baseType: UInt8(entry & 0xFF))
    }

    private func decode(offset: Int, size: Int, baseType: UInt8) -> Int64? {
        let type = baseType & 0x1F
        let width: Int
        switch type {
        case 0, 1, 2, 10, 13: width = 1
        case 3, 4, 11: width = 2
        case 5, 6, 8, 12: width = 4
        case 9, 14, 15, 16: width = 8
        default: return nil
        }
        guard size >= width, offset + width <= bytes.count else { return nil }
        var value: UInt64 = 0
        if bigEndian {
            for index in 0..<width { value = value << 8 | UInt64(bytes[offset + index]) }
        } else {
            for index in stride(from: width - 1, through: 0, by: -1) { value = value << 8 | UInt64(bytes[offset + index]) }
        }
        switch type {
        case 0, 2, 13: return value == 0xFF ? nil : Int64(value)
        case 1: return value == 0x7F ? nil : Int64(Int8(truncatingIfNeeded: value))
        case 3: return value == 0x7FFF ? nil : Int64(Int16(truncatingIfNeeded: value))
        case 4: return value == 0xFFFF ? nil : Int64(value)
        case 5: return value == 0x7FFF_FFFF ? nil : Int64(Int32(truncatingIfNeeded: value))
        case 6: return value == 0xFFFF_FFFF ? nil : Int64(value)
        case 10, 11, 12, 16: return value == 0 ? nil : Int64(truncatingIfNeeded: value)
        case 14: return value == 0x7FFF_FFFF_FFFF_FFFF ? nil : Int64(bitPattern: value)
        case 15: return value == 0xFFFF_FFFF_FFFF_FFFF ? nil : Int64(truncatingIfNeeded: value)
        case 8:
            let float = Float(bitPattern: UInt32(value))
            return value == 0xFFFF_FFFF || !float.isFinite ? nil : Int64(exactly: float.rounded())
        case 9:
            let double = Double(bitPattern: value)
            return value == 0xFFFF_FFFF_FFFF_FFFF || !double.isFinite ? nil : Int64(exactly: double.rounded())
        default: return nil
        }
    }

    func signed(_ number: UInt8) -> Int64? { raw(number) }

    func uint32(_ number: UInt8) -> UInt32? { raw(number).flatMap { UInt32(exactly: $0) } }

    /// `raw / scale − offset`, the FIT profile's scaling.
    func number(_ number: UInt8, scale: Double = 1, offset: Double = 0) -> Double? {
        raw(number).map { Double($0) / scale - offset }
    }
}
