import Foundation
import Testing
import TempoKit

@Suite struct FocusInstantParserTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test(arguments: [
        ("2024-03-31T01:30:00+01:00", "2024-03-31T00:30:00Z"),
        ("2024-03-31T00:30Z", "2024-03-31T00:30:00Z"),
        ("2024-03-31 03:30+0200", "2024-03-31T01:30:00Z"),
        ("2024-03-31 01:30", "2024-03-31T00:30:00Z"),   // CET
        ("2024-03-31 03:00", "2024-03-31T01:00:00Z"),   // CEST, first existing minute
        ("2024-10-27 02:30", "2024-10-27T00:30:00Z"),   // ambiguous: the first (CEST) occurrence
        ("2024-10-27T02:30:00+01:00", "2024-10-27T01:30:00Z"), // the second, named by its offset
    ])
    func parses(text: String, expected: String) throws {
        #expect(try FocusInstantParser.parse(text, in: berlin) == FocusTestSupport.instant(expected))
    }

    @Test func aLocalTimeInTheGapIsAnError() {
        #expect(throws: FocusError.nonexistentLocalTime("2024-03-31 02:30", zone: "Europe/Berlin")) {
            try FocusInstantParser.parse("2024-03-31 02:30", in: berlin)
        }
    }

    @Test(arguments: ["yesterday", "2024-02-30 10:00", "2024-03-31 24:00", "2024-03-31T10:00+25:00", ""])
    func refusesNonsense(text: String) {
        #expect(throws: FocusError.invalidTime(text)) { try FocusInstantParser.parse(text, in: berlin) }
    }
}
