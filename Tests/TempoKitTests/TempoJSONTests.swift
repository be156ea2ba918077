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
}
