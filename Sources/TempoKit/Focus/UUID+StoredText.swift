import Foundation

extension UUID {
    /// The first eight hex digits, lowercase: enough to name a timer, a run or a session on the
    /// command line.
    package var shortText: String { String(uuidString.prefix(8)).lowercased() }

    /// Parses the 36-character text `uuidString` writes (hyphens at 8, 13, 18 and 23, hex
    /// digits of either case); nil for anything else.
    ///
    /// Every focus session's id is decoded with it: Foundation's `UUID(uuidString:)` (sscanf on
    /// Linux) took about 4 µs an id, most of loading a 70,000-session history (see
    /// Benchmarks/Focus), while this reads the UTF-8 bytes once.
    package init?(storedText text: String) {
        guard text.utf8.count == Self.textLength else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0, position = 0
        for unit in text.utf8 {
            defer { position += 1 }
            switch position {
            case 8, 13, 18, 23:
                guard unit == UInt8(ascii: "-") else { return nil }
            default:
                guard let value = Self.hexValue(unit) else { return nil }
                if digits < Self.digitsPerHalf { high = high << 4 | value } else { low = low << 4 | value }
                digits += 1
            }
        }
        func byte(_ half: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: half >> (56 - 8 * index)) }
        self.init(uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
            byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }

    private static let textLength = 36
    private static let digitsPerHalf = 16

    private static func hexValue(_ unit: UInt8) -> UInt64? {
        switch unit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(unit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(unit - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(unit - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
