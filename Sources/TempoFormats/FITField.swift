import Foundation

/// Where one field sits in a data message and how to read it as a number: the decode plan
/// for one field, worked out once when its definition message arrives.
struct FITField {
    /// Byte offset from the start of the message content (definitions keep only fields that
    /// start before byte 0xFFFF, so 16 bits hold it).
    var offset: UInt16
    /// 64 − 8 × the element's width in bytes: how far a 64-bit load is shifted to leave one element.
    var shift: UInt8
    /// `present`, `signed`, `zeroInvalid`, `float32`, `float64`.
    var flags: UInt8

    static let present: UInt8 = 1
    static let signed: UInt8 = 2
    /// The `z` types, whose invalid value is 0 rather than all ones (or the signed maximum).
    static let zeroInvalid: UInt8 = 4
    static let float32: UInt8 = 8
    static let float64: UInt8 = 16

    /// A field the message does not have. Four bytes, so a definition's plan copies cheaply.
    static let absent = FITField(offset: 0, shift: 0, flags: 0)

    private init(offset: UInt16, shift: UInt8, flags: UInt8) {
        self.offset = offset
        self.shift = shift
        self.flags = flags
    }

    /// The plan for a field of `size` bytes and `baseType` at `offset`; `absent` when the type
    /// is not numeric or the field is too small for it (arrays are read by their first element).
    init(offset: Int, size: Int, baseType: UInt8) {
        let type = baseType & 0x1F
        let width = Self.width(of: type)
        guard width > 0, size >= width, let offset = UInt16(exactly: offset) else {
            self = .absent
            return
        }
        var flags = Self.present
        switch type {
        case 1, 3, 5, 14: flags |= Self.signed
        case 10, 11, 12, 16: flags |= Self.zeroInvalid
        case 8: flags |= Self.float32
        case 9: flags |= Self.float64
        default: break
        }
        self.init(offset: offset, shift: UInt8(64 - 8 * width), flags: flags)
    }

    /// Bytes per element of base type `type`; 0 for types that are not numbers.
    static func width(of type: UInt8) -> Int {
        switch type {
        case 0, 1, 2, 10, 13: 1
        case 3, 4, 11: 2
        case 5, 6, 8, 12: 4
        case 9, 14, 15, 16: 8
        default: 0
        }
    }

    /// The field's value in the message starting at `message`, as an integer, or `nil` when
    /// absent or invalid (the type's sentinel: 0xFF…, 0x7F…, 0 for the `z` types; floats that
    /// are not finite or not integral after rounding to the nearest).
    ///
    /// Reads eight bytes whatever the width and keeps the element's: the caller's buffer must
    /// have seven readable bytes past the message (`FITByteSource` pads its window). No branch
    /// on the type, so it inlines small and each call site predicts perfectly.
    @inline(__always)
    func raw(in message: UnsafeRawPointer, bigEndian: Bool) -> Int64? {
        guard flags & Self.present != 0 else { return nil }
        let word = message.loadUnaligned(fromByteOffset: Int(offset), as: UInt64.self)
        let shift = UInt64(shift)
        // The element's bytes as an unsigned number of its width.
        let value = bigEndian ? UInt64(bigEndian: word) &>> shift : (UInt64(littleEndian: word) &<< shift) &>> shift
        let ones = UInt64.max >> shift
        let invalid = flags & Self.zeroInvalid != 0 ? 0 : flags & Self.signed != 0 ? ones >> 1 : ones
        guard value != invalid else { return nil }
        if flags & (Self.float32 | Self.float64) != 0 { return Self.rounded(value, isFloat32: flags & Self.float32 != 0) }
        if flags & Self.signed != 0 { return Int64(bitPattern: value &<< shift) &>> Int64(shift) }
        return Int64(bitPattern: value)
    }

    /// A float field's value rounded to the nearest integer, `nil` when not finite or out of range.
    @inline(never)
    private static func rounded(_ value: UInt64, isFloat32: Bool) -> Int64? {
        if isFloat32 {
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: value))
            return float.isFinite ? Int64(exactly: float.rounded()) : nil
        }
        let double = Double(bitPattern: value)
        return double.isFinite ? Int64(exactly: double.rounded()) : nil
    }

    /// `raw / scale − offset`, the FIT profile's scaling.
    @inline(__always)
    func number(in message: UnsafeRawPointer, bigEndian: Bool, scale: Double, offset: Double = 0) -> Double? {
        guard let raw = raw(in: message, bigEndian: bigEndian) else { return nil }
        return Double(raw) / scale - offset
    }

    /// The unscaled value as a `Double` (what `raw / 1 − 0` gives, without the division).
    @inline(__always)
    func number(in message: UnsafeRawPointer, bigEndian: Bool) -> Double? {
        guard let raw = raw(in: message, bigEndian: bigEndian) else { return nil }
        return Double(raw)
    }
}
