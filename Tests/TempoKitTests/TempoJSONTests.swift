import Foundation
import TempoKit
import Testing

/// How instants are written: to the millisecond, and what is read back is written back the same.
@Suite struct TempoJSONTests {
    @Test func everyMillisecondIsWrittenAsItsOwnDigits() throws {
        let second = 1_795_000_007  // 2026-11-18T11:06:47Z (`date -u -d @1795000007`)
        for millisecond in 0..<1000 {
            let instant = Date(timeIntervalSince1970: Double(second) + Double(millisecond) / 1000)
            let expected = millisecond == 0 ? "2026-11-18T11:06:47Z" : String(format: "2026-11-18T11:06:47.%03dZ", millisecond)
            #expect(TempoJSON.instantText(instant) == expected)
            let read = try #require(ISO8601Time.parse(expected))
            #expect(TempoJSON.instantText(read) == expected, "read back from \(expected)")
        }
    }

    /// Whole seconds are written by hand inside ``ValidRange/instants``: the text is Foundation's
    /// `ISO8601FormatStyle`'s (the oracle) for random seconds in that range, at its ends, at day
    /// and leap-day boundaries, and outside it (where the format style still writes them).
    @Test func wholeSecondsAreFoundationsISO8601() {
        var random = SystemRandomNumberGenerator()
        let end = ValidRange.instants.upperBound.timeIntervalSince1970
        var seconds: [Double] = [0, 1, 59, 60, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_399, end - 1, end, -1, 1e10]
        seconds += (0..<5_000).map { _ in Double(Int64.random(in: 0..<Int64(end), using: &random)) }
        for second in seconds {
            let date = Date(timeIntervalSince1970: second)
            #expect(TempoJSON.instantText(date) == date.formatted(Date.ISO8601FormatStyle()), "\(second)")
        }
    }

    @Test func lessThanHalfAMillisecondIsRoundedAway() {
        let second = Date(timeIntervalSince1970: 1_795_000_007)
        #expect(TempoJSON.instantText(second.addingTimeInterval(0.0004)) == "2026-11-18T11:06:47Z")
        #expect(TempoJSON.instantText(second.addingTimeInterval(-0.0004)) == "2026-11-18T11:06:47Z")
        #expect(TempoJSON.instantText(second.addingTimeInterval(0.9996)) == "2026-11-18T11:06:48Z")
    }

    /// A flat value (strings, numbers, booleans, instants, nulls, arrays of those), as FlatJSON
    /// writes it and as `TempoJSON.encoder(pretty: true)` (the oracle) does: the same bytes, for
    /// random values with escapes, control characters, non-ASCII text, and numbers from
    /// subnormal to huge, negative zero and whole ones.
    @Test func flatJSONIsJSONEncodersDocument() throws {
        struct Flat: Encodable {
            var text: String, missing: String?, flag: Bool, count: Int, number: Double, maybe: Double?
            var tags: [String], numbers: [Double], when: Date?, empty: [Int]
        }
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}", "é", "\u{2028}", "😀", " "]
        func text() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        func number() -> Double {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: Double(Int.random(in: -100_000...100_000, using: &random))
            case 1: Double.random(in: -1e6...1e6, using: &random)
            case 2: Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &random))
            case 3: [0.0, -0.0, 1e16, 1e-7, .leastNonzeroMagnitude, 1e21, 0.1][Int.random(in: 0..<7, using: &random)]
            default: Double.random(in: 0...86_400, using: &random)
            }
        }
        func flat() -> Flat {
            Flat(
                text: text(), missing: Bool.random(using: &random) ? nil : text(), flag: .random(using: &random),
                count: .random(in: .min ... .max, using: &random), number: number(), maybe: Bool.random(using: &random) ? nil : number(),
                tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text() }, numbers: (0..<Int.random(in: 0...2, using: &random)).map { _ in number() },
                when: Bool.random(using: &random) ? nil : Date(timeIntervalSince1970: Double.random(in: 0...4e9, using: &random)), empty: [])
        }
        func document(_ value: some Encodable) throws -> String {
            String(decoding: try TempoJSON.encoder(pretty: true).encode(value), as: UTF8.self) + "\n"
        }
        for _ in 0..<2_000 {
            let value = flat()
            #expect(try FlatJSON.pretty(value) == document(value))
        }
        // Arrays of such objects (`tempo timer list --json`): none, one, several.
        for count in 0..<200 {
            let values = (0..<count % 4).map { _ in flat() }
            #expect(try FlatJSON.pretty(array: values) == document(values))
        }
        struct Empty: Encodable {}
        #expect(try FlatJSON.pretty(array: [Empty(), Empty()]) == document([Empty(), Empty()]))
        #expect(try FlatJSON.pretty(Empty()) == document(Empty()))
    }

    /// What FlatJSON does not write flat it refuses, rather than writing something else.
    @Test func flatJSONRefusesNestedValues() {
        struct Nested: Encodable { var inner: [String: Int] }
        struct Deep: Encodable { var rows: [[Int]] }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(Nested(inner: ["a": 1])) }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(Deep(rows: [[1]])) }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(["a", "b"]) }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(array: [["a"]]) }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(array: [Nested(inner: ["a": 1])]) }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(["x": Int64(1)]) }
        #expect(throws: FlatJSON.Unsupported.self) { try FlatJSON.pretty(["x": Double.nan]) }
    }
}
