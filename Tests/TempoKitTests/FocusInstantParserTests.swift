import Foundation
import Testing
import TempoKit

@Suite struct FocusInstantParserTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// A Wednesday, 10:00 in Berlin (CET).
    let now = FocusTestSupport.instant("2026-11-25T09:00:00Z")

    @Test(arguments: [
        ("2024-03-31T01:30:00+01:00", "2024-03-31T00:30:00Z"),
        ("2024-03-31T00:30Z", "2024-03-31T00:30:00Z"),
        ("2024-03-31 03:30+0200", "2024-03-31T01:30:00Z"),
        ("2024-03-31 01:30", "2024-03-31T00:30:00Z"),   // CET
        ("2024-03-31 03:00", "2024-03-31T01:00:00Z"),   // CEST, first existing minute
        ("2024-10-27 02:30", "2024-10-27T00:30:00Z"),   // ambiguous: the first (CEST) occurrence
        ("2024-10-27T02:30:00+01:00", "2024-10-27T01:30:00Z"), // the second, named by its offset
        ("09:00", "2026-11-25T08:00:00Z"),
        ("9:00", "2026-11-25T08:00:00Z"),
        ("23:00", "2026-11-25T22:00:00Z"),              // today, even after now
        ("yesterday 9:00", "2026-11-24T08:00:00Z"),
        ("Today 09:00:30", "2026-11-25T08:00:30Z"),
        ("monday 14:30", "2026-11-23T13:30:00Z"),
        ("wed 08:00", "2026-11-25T07:00:00Z"),          // today is Wednesday: today
        ("thursday 08:00", "2026-11-19T07:00:00Z"),     // the Thursday before
        ("-15m", "2026-11-25T08:45:00Z"),
        ("-1h30m", "2026-11-25T07:30:00Z"),
        ("now", "2026-11-25T09:00:00Z"),
    ])
    func parses(text: String, expected: String) throws {
        #expect(try FocusInstantParser.parse(text, now: now, in: berlin) == FocusTestSupport.instant(expected))
    }

    @Test func aLocalTimeInTheGapIsAnError() {
        #expect(throws: FocusError.nonexistentLocalTime("2024-03-31 02:30", zone: "Europe/Berlin")) {
            try FocusInstantParser.parse("2024-03-31 02:30", now: now, in: berlin)
        }
    }

    @Test(arguments: ["yesterday", "2024-02-30 10:00", "2024-03-31 24:00", "2024-03-31T10:00+25:00", "", "24:00",
                      "9:60", "someday 9:00", "-", "-5x", "+15m", "monday"])
    func refusesNonsense(text: String) {
        #expect(throws: FocusError.invalidTime(text)) { try FocusInstantParser.parse(text, now: now, in: berlin) }
    }
}
