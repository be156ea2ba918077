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

    @Test func lessThanHalfAMillisecondIsRoundedAway() {
        let second = Date(timeIntervalSince1970: 1_795_000_007)
        #expect(TempoJSON.instantText(second.addingTimeInterval(0.0004)) == "2026-11-18T11:06:47Z")
        #expect(TempoJSON.instantText(second.addingTimeInterval(-0.0004)) == "2026-11-18T11:06:47Z")
        #expect(TempoJSON.instantText(second.addingTimeInterval(0.9996)) == "2026-11-18T11:06:48Z")
    }
}
