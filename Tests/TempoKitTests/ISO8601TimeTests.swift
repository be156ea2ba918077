import Foundation
import TempoKit
import Testing

/// The one ISO 8601 reader. Expected instants: `date -u -d TEXT +%s`.
@Suite struct ISO8601TimeTests {
    @Test(arguments: [
        ("2013-07-06T17:26:26Z", 1_373_131_586.0),
        ("2013-07-06t17:26:26z", 1_373_131_586),
        ("2013-07-06 17:26:26", 1_373_131_586),  // no offset: UTC for activity files
        (" 2013-07-06T17:26:26Z\n", 1_373_131_586),
        ("2016-05-27T10:08:47.8Z", 1_464_343_727.8),
        ("2016-05-27T10:08:47,8Z", 1_464_343_727.8),
        ("2004-02-29T23:59:59+01:00", 1_078_095_599),
        ("2004-02-29T23:59:59+0100", 1_078_095_599),
        ("2004-02-29T23:59:59+01", 1_078_095_599),
        ("2024-03-31T00:30Z", 1_711_845_000),  // seconds may be left out
        ("2016-12-31T23:59:60Z", 1_483_228_800),  // a leap second
    ])
    func instants(text: String, seconds: Double) throws {
        let instant = try #require(ISO8601Time.parse(text))
        #expect(abs(instant.timeIntervalSince1970 - seconds) < 1e-6)
        #expect(ISO8601Time.parse(utf8: Array(text.utf8)) == instant)
    }

    /// The day-of-month rule, and every other field out of range or malformed.
    @Test(arguments: [
        "2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z", "2010-04-31T14:23:59Z", "2021-13-01T00:00:00Z",
        "2021-00-01T00:00:00Z", "2021-01-00T00:00:00Z", "2021-01-01T24:00:00Z", "2021-01-01T00:60:00Z",
        "2021-01-01T00:00:61Z", "2021-01-01T00:00:00+24:00", "2021-01-01T00:00:00+01:60", "2021-01-01T00:00:00.Z",
        "2021-01-01T00:00:00+01:", "2021-01-01", "2021-01-01T00", "yesterday", "", "2021-01-01T00:00:00Zjunk",
    ])
    func refused(text: String) {
        #expect(ISO8601Time.parse(text) == nil)
    }

    @Test func aReadingWithoutAnOffsetSaysSo() throws {
        let local = try #require(ISO8601Time.reading("2024-03-31 01:30"))
        #expect(local.offsetSeconds == nil)
        #expect(local.localSeconds == 1_711_848_600)
        #expect(try #require(ISO8601Time.reading("2024-03-31T01:30-02:30")).offsetSeconds == -9_000)
    }

    @Test func formatReadsBack() throws {
        for seconds in [0.0, 1_373_131_586, 1_464_343_727.25, -86_400.5] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try #require(ISO8601Time.parse(ISO8601Time.format(date))) == date)
        }
    }
}
