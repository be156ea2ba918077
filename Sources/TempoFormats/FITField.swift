import Foundation

/// Where one field sits in a data message and how to read it as a number: the decode plan
/// for one field, worked out once when its definition message arrives.
struct FITField {
    /// Byte offset from the start of the message content (definitions keep only fields that
    /// start before byte 0xFFFF, so 16 bits hold it).
    var offset: UInt16
    /// FIT base type number (the low five bits of the base type byte).
    var type: UInt8
    /// Whether the message has the field and its base type can be read as a number.
    var isPresent: Bool

    /// A field the message does not have. Four bytes, so a definition's plan copies cheaply.
    static let absent = FITField(offset: 0, type: 0, isPresent: false)

    private init(offset: UInt16, type: UInt8, isPresent: Bool) {
        self.offset = offset
        self.type = type
        self.isPresent = isPresent
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
        self.init(offset: offset, type: type, isPresent: true)
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
    @inline(__always)
    func raw(in message: UnsafeRawPointer, bigEndian: Bool) -> Int64? {
        guard isPresent else { return nil }
        let at = message + Int(offset)
        switch type {
        case 0, 2, 13:
            let value = at.load(as: UInt8.self)
            return value == 0xFF ? nil : Int64(value)
        case 1:
            let value = at.load(as: UInt8.self)
            return value == 0x7F ? nil : Int64(Int8(bitPattern: value))
        case 10:
            let value = at.load(as: UInt8.self)
            return value == 0 ? nil : Int64(value)
        case 3:
            let value = Self.load(UInt16.self, at, bigEndian)
            return value == 0x7FFF ? nil : Int64(Int16(bitPattern: value))
        case 4:
            let value = Self.load(UInt16.self, at, bigEndian)
            return value == 0xFFFF ? nil : Int64(value)
        case 11:
            let value = Self.load(UInt16.self, at, bigEndian)
            return value == 0 ? nil : Int64(value)
        case 5:
            let value = Self.load(UInt32.self, at, bigEndian)
            return value == 0x7FFF_FFFF ? nil : Int64(Int32(bitPattern: value))
        case 6:
            let value = Self.load(UInt32.self, at, bigEndian)
            return value == 0xFFFF_FFFF ? nil : Int64(value)
        case 12:
            let value = Self.load(UInt32.self, at, bigEndian)
            return value == 0 ? nil : Int64(value)
        case 8:
            let value = Self.load(UInt32.self, at, bigEndian)
            let float = Float(bitPattern: value)
            return value == 0xFFFF_FFFF || !float.isFinite ? nil : Int64(exactly: float.rounded())
        case 9:
            let value = Self.load(UInt64.self, at, bigEndian)
            let double = Double(bitPattern: value)
            return value == 0xFFFF_FFFF_FFFF_FFFF || !double.isFinite ? nil : Int64(exactly: double.rounded())
        case 14:
            let value = Self.load(UInt64.self, at, bigEndian)
            return value == 0x7FFF_FFFF_FFFF_FFFF ? nil : Int64(bitPattern: value)
        case 15:
            let value = Self.load(UInt64.self, at, bigEndian)
            return value == 0xFFFF_FFFF_FFFF_FFFF ? nil : Int64(truncatingIfNeeded: value)
        case 16:
            let value = Self.load(UInt64.self, at, bigEndian)
            return value == 0 ? nil : Int64(truncatingIfNeeded: value)
        default:
            return nil
        }
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

    @inline(__always)
    private static func load<T: FixedWidthInteger>(_: T.Type, _ at: UnsafeRawPointer, _ bigEndian: Bool) -> T {
        let value = at.loadUnaligned(as: T.self)
        return bigEndian ? T(bigEndian: value) : T(littleEndian: value)
    }
}
