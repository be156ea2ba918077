import Foundation
import Testing

@testable import TempoFormats

/// `FastDecimal` against the standard library's `Double(String)`, correctly rounded.
@Suite struct FastDecimalTests {
    /// The oracle is the standard library's `Double(String)` (correctly rounded, strtod-based).
    @Test func fastDecimalsMatchDoubleFromString() {
        var generator = SplitMix64(seed: 99)
        var checked = 0
        for _ in 0..<400_000 {
            // Up to 19 significant digits (the exact path), and longer ones that are cut off.
            let digits = Int(generator.next() % 34) + 1
            var text = generator.next() % 2 == 0 ? "-" : ""
            for position in 0..<digits {
                text += String(generator.next() % 10)
                if position == Int(generator.next() % UInt64(digits)) && !text.contains(".") && position < digits - 1 {
                    text += "."
                }
            }
            if let fast = Self.fastDecimal(text) {
                checked += 1
                #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
        #expect(checked > 300_000)
    }

    /// Full-precision coordinates as tools write them (shortest round trip, and Garmin's exact
    /// decimal expansion of a semicircle), each with its neighbours one digit up and down.
    @Test func fastDecimalsMatchOnCoordinatesAndTies() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let degrees = Double(generator.next() % 360_000_000_000) / 1e9 - 180
            let semicircles = Int32(truncatingIfNeeded: generator.next())
            for text in ["\(degrees)", "\(Double(semicircles) * (180 / 2_147_483_648.0))",
                         String(format: "%.28f", Double(semicircles) * (180 / 2_147_483_648.0))] {
                if let fast = Self.fastDecimal(text) {
                    #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
                }
            }
        }
        // Exactly halfway between two doubles: ties go to the even one.
        for text in ["9007199254740993", "9007199254740995", "4503599627370496.5", "4503599627370497.5",
                     "-9007199254740993", "18014398509481986", "18014398509481990"] {
            #expect(Self.fastDecimal(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        // Cut off just above a tie, the two candidates differ: left to `Double(String)`.
        #expect(Self.fastDecimal("9007199254740993.0000000001") == nil)
        #expect(Self.fastDecimal("58.959173848852515") != nil)
    }

    /// A byte that is no digit (`/` and `:` on either side of them, space, sign, exponent, a
    /// second point, a multi-byte character, NUL) anywhere in a decimal: the text is then either
    /// refused or read as `Double(String)` reads it, never as its digits around that byte.
    @Test func strayBytesAreNeverReadAsDigits() {
        var generator = SplitMix64(seed: 5)
        let strays = ["/", ":", " ", "+", "-", "e", "x", ".", "é", "\u{0}"]
        for _ in 0..<200_000 {
            var characters = (0...(generator.next() % 24)).map { _ in Character(String(generator.next() % 10)) }
            characters.insert(".", at: Int(generator.next() % UInt64(characters.count + 1)))
            let stray = strays[Int(generator.next() % UInt64(strays.count))]
            characters.insert(contentsOf: stray, at: Int(generator.next() % UInt64(characters.count + 1)))
            let text = String(characters)
            if let fast = Self.fastDecimal(text) {
                #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
        }
    }

    private static func fastDecimal(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { FastDecimal.parse($0.baseAddress!, count: $0.count) }
    }
}
