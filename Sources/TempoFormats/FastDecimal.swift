/// Decimal numbers parsed straight from UTF-8 bytes, correctly rounded (the same `Double` as
/// `Double(String)` gives).
///
/// Takes `[-]digits[.digits]` with at most 27 digits after the point that count (trailing digits
/// beyond the 19th significant one are cut off, as long as that cannot change the result). Most
/// numbers take Clinger's fast path: an integer of at most 2^53 divided by an exact power of ten
/// rounds correctly in one division. Longer ones, such as the 17 significant digits of a
/// full-precision coordinate, get a candidate from one division that is then checked: by its
/// residual from one fused multiply-add where that is far from a midpoint (nearly always), else
/// moved by an ulp where needed, by comparing the decimal exactly with the midpoints to its
/// neighbours in 128-bit integer arithmetic. Anything else (exponents, `+`, `inf`, hex, huge values)
/// returns `nil` and the caller uses `Double(_:)` on the text.
enum FastDecimal {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
        1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27,
    ]
    /// 10^k for k ≤ 8, as integers.
    private static let powersOfTenIntegers: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
    /// 5^k for k ≤ 27 (5^27 < 2^63).
    private static let powersOfFive: [UInt64] = (0...27).map { k in (0..<k).reduce(1) { product, _ in product * 5 } }
    /// The most fraction digits the exact path handles: 10^27 = 5^27 · 2^27 keeps every product in 128 bits.
    private static let maxScale = 27

    /// The value of the `count` bytes at `bytes`, or `nil` when the fast path does not apply.
    @inline(__always)
    static func parse(_ bytes: UnsafePointer<UInt8>, count: Int) -> Double? {
        guard let number = prefix(bytes, count: count), number.length == count else { return nil }
        return number.value
    }

    /// The decimal at the start of the `count` bytes at `bytes` and how many bytes it takes, or
    /// `nil` when there is none or the fast path does not apply to it. The value is the one
    /// `parse` gives for those bytes alone.
    @inline(__always)
    static func prefix(_ bytes: UnsafePointer<UInt8>, count: Int) -> (value: Double, length: Int)? {
        // Up to 19 digits in all (the usual case) in one plain loop; longer ones, or leading
        // zeros that push them past 19, take `parseLong`.
        var index = 0
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        let integerStart = index
        appendDigits(bytes, count, &index, to: &mantissa)
        let integerDigits = index - integerStart
        if integerDigits == 0 { return nil }
        var scale = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            appendDigits(bytes, count, &index, to: &mantissa)
            scale = index - fractionStart
            if scale == 0 { return nil }
        }
        if integerDigits + scale > 19 { return parseLong(bytes, count: index).map { ($0, index) } }
        guard let value = quotient(mantissa, scale) else { return nil }
        return (negative ? -value : value, index)
    }

    /// Appends the digits from `index` on to `mantissa` (wrapping past 19 digits: the caller then
    /// takes `parseLong`) and moves `index` past them.
    @inline(__always)
    private static func appendDigits(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int, to mantissa: inout UInt64) {
        // Up to eight digits at a time, from the eight bytes at `index` or, near the end, the
        // last eight bytes moved down so that the ones from `index` come first.
        while count >= 8 && index < count {
            let available = count - index
            let word = available >= 8 ? load(bytes + index) : load(bytes + count - 8) >> (8 * (8 - available))
            let values = word ^ 0x3030_3030_3030_3030
            // The top bit of every byte that is not a digit (0 to 9 once 0x30 is taken off): those
            // from 10 carry into it with 0x76 added, those from 0x80 have it already.
            let notDigits = (((values & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
            let digits = notDigits == 0 ? 8 : notDigits.trailingZeroBitCount >> 3
            guard digits > 0 else { return }
            // The digits in the highest bytes, zeros before them: the same number, in eight digits.
            mantissa = mantissa &* powersOfTenIntegers[digits] &+ eightDigits(values << (8 * (8 - digits)))
            index += digits
            if digits < 8 { return }
        }
        while index < count {
            let digit = bytes[index] &- 0x30
            if digit > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
    }

    /// The eight bytes at `bytes`, the first in the lowest byte.
    @inline(__always)
    private static func load(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
    }

    /// The number eight digit values (0 to 9, one a byte, the first in the lowest byte) write.
    @inline(__always)
    private static func eightDigits(_ values: UInt64) -> UInt64 {
        // Neighbours joined: pairs in every other byte, fours in every other 16 bits, all eight
        // in the low 32 bits.
        let pairs = (values &* 10 &+ values >> 8) & 0x00FF_00FF_00FF_00FF
        let fours = (pairs &* 100 &+ pairs >> 16) & 0x0000_FFFF_0000_FFFF
        return (fours & 0xFFFF_FFFF) &* 10_000 &+ fours >> 32
    }

    /// `parse` for more than 19 digits: leading zeros skipped, digits past the 19th significant
    /// one cut off when they cannot change the result.
    private static func parseLong(_ bytes: UnsafePointer<UInt8>, count: Int) -> Double? {
        var index = 0
        var negative = false
        if count > 0, bytes[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        /// Digits cut off after the 19th significant one: left of the point (each scales by ten),
        /// and whether any was not zero.
        var droppedInteger = 0
        var droppedNonZero = false
        let integerStart = index
        while index < count {
            let digit = bytes[index] &- 0x30
            if digit > 9 { break }
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if mantissa != 0 { significant += 1 }
            } else {
                droppedInteger += 1
                if digit != 0 { droppedNonZero = true }
            }
            index += 1
        }
        if index == integerStart { return nil }
        var scale = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- 0x30
                if digit > 9 { break }
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significant += 1 }
                    scale += 1
                } else if digit != 0 {
                    droppedNonZero = true
                }
                index += 1
            }
            if index == fractionStart { return nil }
        }
        guard index == count, droppedInteger == 0, scale <= maxScale else { return nil }
        let value: Double
        if !droppedNonZero {
            guard let exact = quotient(mantissa, scale) else { return nil }
            value = exact
        } else {
            // The decimal lies strictly between mantissa and mantissa + 1 (times 10^-scale): when
            // both round to the same double, so does everything between them.
            guard let low = quotient(mantissa, scale), let high = quotient(mantissa + 1, scale),
                low.bitPattern == high.bitPattern
            else { return nil }
            value = low
        }
        return negative ? -value : value
    }

    /// `w / 10^k` correctly rounded (ties to even), for `k ≤ 27`.
    @inline(__always)
    private static func quotient(_ w: UInt64, _ k: Int) -> Double? {
        // k ≤ 19 here from `parse`; up to 27 from `parseLong`. An integer (a heart rate, a
        // cadence) needs no division, whose latency is most of a short number's cost.
        if w <= 1 << 53 && k <= 22 { return k == 0 ? Double(w) : Double(w) / powersOfTen[k] }
        return checkedQuotient(w, k)
    }

    /// A candidate within a few ulps, moved until the exact decimal lies between the midpoints to
    /// its neighbours (`nil` if that somehow does not settle, which sends the caller to `Double(_:)`).
    private static func checkedQuotient(_ w: UInt64, _ k: Int) -> Double? {
        if w == 0 { return 0 }
        var candidate = Double(w) / powersOfTen[k]
        if k <= 22, isNearest(candidate, to: w, over: powersOfTen[k]) { return candidate }
        for _ in 0..<8 {
            guard candidate.isNormal else { return nil }
            // candidate = s · 2^e with a 53-bit integer s.
            let s = candidate.significandBitPattern | 1 << 52
            let e = Int(candidate.exponent) - 52
            let odd = s & 1 == 1
            let above = compare(w, k, with: 2 * s + 1, timesTwoToThe: e - 1)
            if above > 0 || (above == 0 && odd) {
                candidate = candidate.nextUp
                continue
            }
            // Below a power of two the neighbour's ulp is half as wide.
            let below = s == 1 << 52
                ? compare(w, k, with: 4 * s - 1, timesTwoToThe: e - 2)
                : compare(w, k, with: 2 * s - 1, timesTwoToThe: e - 1)
            if below < 0 || (below == 0 && odd) {
                candidate = candidate.nextDown
                continue
            }
            return candidate
        }
        return nil
    }

    /// Whether `candidate` is certainly the double nearest to `w / p` (`p` a power of ten that is
    /// exact as a double), from its residual `candidate · p − w` in floating point: one fused
    /// multiply-add, whose rounding errors (about 2⁻¹⁰⁴ · w) are far inside the margin left to the
    /// midpoints (0.01 ulp · p ≈ 2⁻⁵⁸ · w). Near a midpoint, or at a power of two (where the gap
    /// below is half the gap above), it answers false and the exact comparison decides.
    @inline(__always)
    private static func isNearest(_ candidate: Double, to w: UInt64, over p: Double) -> Bool {
        guard w < 1 << 63, candidate.isNormal, candidate.significandBitPattern != 0 else { return false }
        // w = high + low exactly: high is w rounded to a double, low the integer it was off by (|low| ≤ 2¹¹).
        let high = Double(w)
        let low = Double(Int64(bitPattern: w &- UInt64(high)))
        let residual = (-high).addingProduct(candidate, p) - low
        return abs(residual) < 0.49 * p * candidate.ulp
    }

    /// The sign of `w / 10^k − m · 2^e`, exactly: compares `w` with `m · 5^k · 2^(e+k)`.
    @inline(__always)
    private static func compare(_ w: UInt64, _ k: Int, with m: UInt64, timesTwoToThe e: Int) -> Int {
        let product = m.multipliedFullWidth(by: powersOfFive[k])
        var right = Wide(high: product.high, low: product.low)
        var left = Wide(high: 0, low: w)
        let shift = e + k
        if shift >= 0 {
            guard right.leadingZeroBitCount > shift else { return -1 }
            right.shiftLeft(shift)
        } else {
            guard left.leadingZeroBitCount > -shift else { return 1 }
            left.shiftLeft(-shift)
        }
        return left < right ? -1 : (left == right ? 0 : 1)
    }

    /// An unsigned 128-bit integer (the standard `UInt128` needs iOS 18 / macOS 15).
    private struct Wide: Comparable {
        var high: UInt64
        var low: UInt64

        var leadingZeroBitCount: Int { high == 0 ? 64 + low.leadingZeroBitCount : high.leadingZeroBitCount }

        /// Shifts left by `n < 128` bits (the caller checks that nothing is lost).
        mutating func shiftLeft(_ n: Int) {
            if n == 0 { return }
            if n >= 64 {
                high = low << UInt64(n - 64)
                low = 0
            } else {
                high = high << UInt64(n) | low >> UInt64(64 - n)
                low <<= UInt64(n)
            }
        }

        static func < (a: Wide, b: Wide) -> Bool { a.high != b.high ? a.high < b.high : a.low < b.low }
    }
}
