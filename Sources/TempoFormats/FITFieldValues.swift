import Foundation
import TempoKit

/// Reads the fields of one data message straight from the buffer, by field number (for the
/// few messages that are not records).
struct FITFieldValues {
    let lookup: UnsafeBufferPointer<UInt32>
    /// The first content byte of the message.
    let message: UnsafeRawPointer
    let bigEndian: Bool

    /// The raw value of field `number` as an integer (first element of arrays), or `nil` when
    /// absent, invalid (the type's sentinel) or not an integer type.
    func raw(_ number: UInt8) -> Int64? {
        let entry = lookup[Int(number)]
        guard entry != FITDefinition.absent else { return nil }
        let field = FITField(offset: Int(entry >> 16), size: Int((entry >> 8) & 0xFF), baseType: UInt8(entry & 0xFF))
        return field.raw(in: message, bigEndian: bigEndian)
    }

    func uint32(_ number: UInt8) -> UInt32? { raw(number).flatMap { UInt32(exactly: $0) } }

    /// `raw / scale − offset`, the FIT profile's scaling.
    func number(_ number: UInt8, scale: Double = 1, offset: Double = 0) -> Double? {
        raw(number).map { Double($0) / scale - offset }
    }
}
