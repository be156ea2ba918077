import Foundation
import Testing
import TempoKit

/// Human time entry against Python's zoneinfo: `Tests/Fixtures/focus/oracle-human-time.json`,
/// written by `python3 Tests/Oracles/focus_human_time.py` (the rules are restated there, without
/// the Swift code), for instants around every 2026 DST change of eight zones.
@Suite struct FocusHumanTimeOracleTests {
    struct Case: Decodable {
        let zone: String
        let now: String
        let text: String
        let expected: String?
    }

    struct Oracle: Decodable {
        let cases: [Case]
    }

    @Test func everyGeneratedInputMatchesZoneinfo() throws {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        let data = try Data(contentsOf: url.appendingPathComponent("Fixtures/focus/oracle-human-time.json"))
        let oracle = try JSONDecoder().decode(Oracle.self, from: data)
        #expect(oracle.cases.count > 5_000)
        var gaps = 0
        for oracleCase in oracle.cases {
            let zone = try #require(TimeZone(identifier: oracleCase.zone))
            let now = FocusTestSupport.instant(oracleCase.now)
            let context = "\(oracleCase.text) at \(oracleCase.now) in \(oracleCase.zone)"
            if let expected = oracleCase.expected {
                let parsed = try FocusInstantParser.parse(oracleCase.text, now: now, in: zone)
                #expect(parsed == FocusTestSupport.instant(expected), "\(context)")
            } else {
                gaps += 1
                #expect(throws: FocusError.nonexistentLocalTime(oracleCase.text, zone: oracleCase.zone), "\(context)") {
                    try FocusInstantParser.parse(oracleCase.text, now: now, in: zone)
                }
            }
        }
        #expect(gaps > 50)
    }
}
