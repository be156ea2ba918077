/// Decimal numbers parsed straight from UTF-8 bytes, correctly rounded.
///
/// The fast path takes `[-]digits[.digits]` whose digits form an integer of at most 2^53 and
/// at most 22 fraction digits: both the integer and the power of ten are then exact doubles, so
/// one division rounds correctly (Clinger's fast path) and the result equals `Double(String)`.
/// Anything else (exponents, long mantissas, `+`, `inf`, hex) returns `nil` and the caller
/// uses `Double(_:)` on the text.
enum FastDecimal {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of the `count` bytes at `bytes`, or `nil` when the fast path does not apply.
    @inline(__always)
    static func parse(_ bytes: UnsafePointer<UInt8>, count: Int) -> Double? {
        var index = 0
        var negative = false
        if count > 0, bytes[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        let integerStart = index
        while index < count {
            let digit = bytes[index] &- 0x30
            if digit > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digits += 1
            index += 1
        }
        if index == integerStart { return nil }
        var fractionDigits = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- 0x30
                if digit > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                index += 1
            }
            fractionDigits = index - fractionStart
            if fractionDigits == 0 { return nil }
        }
        guard index == count, digits <= 19, mantissa <= 1 << 53, fractionDigits <= 22 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}
