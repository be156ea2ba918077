import Foundation
import TempoKit
import Testing

/// The one ISO 8601 reader. Expected instants: `date -u -d TEXT +%s`.
@Suite struct ISO8601TimeTests {
    /// Texts and their instants, seconds since 1970.
    static let instantsAndSeconds: [(text: String, seconds: Double)] = [
        ("2013-07-06T17:26:26Z", 1_373_131_586),
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
    ]

    @Test(arguments: instantsAndSeconds)
    func instants(text: String, seconds: Double) throws {
        let instant = try #require(ISO8601Time.parse(text))
        #expect(abs(instant.timeIntervalSince1970 - seconds) < 1e-6)
        #expect(ISO8601Time.parse(utf8: Array(text.utf8)) == instant)
    }

    /// The day-of-month rule, and every other field out of range or malformed.
    static let refusedTexts = [
        "2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z", "2010-04-31T14:23:59Z", "2021-13-01T00:00:00Z",
        "2021-00-01T00:00:00Z", "2021-01-00T00:00:00Z", "2021-01-01T24:00:00Z", "2021-01-01T00:60:00Z",
        "2021-01-01T00:00:61Z", "2021-01-01T00:00:00+24:00", "2021-01-01T00:00:00+01:60", "2021-01-01T00:00:00.Z",
        "2021-01-01T00:00:00+01:", "2021-01-01", "2021-01-01T00", "yesterday", "", "2021-01-01T00:00:00Zjunk",
    ]

    @Test(arguments: refusedTexts)
    func refused(text: String) {
        #expect(ISO8601Time.parse(text) == nil)
    }

    @Test func aReadingWithoutAnOffsetSaysSo() throws {
        let local = try #require(ISO8601Time.reading("2024-03-31 01:30"))
        #expect(local.offsetSeconds == nil)
        #expect(local.localSeconds == 1_711_848_600)
        #expect(try #require(ISO8601Time.reading("2024-03-31T01:30-02:30")).offsetSeconds == -9_000)
    }

    /// A track's reader, which skips the minute its timestamps share with the one before, reads
    /// every timestamp as `parse` does: runs of points in one minute (with fractions, offsets, space
    /// around, lower case), each run broken by the texts above, good and bad, and by minutes that
    /// differ from the last in one byte only (an hour, a day, a refused day). The listed instants are
    /// read right whatever came before them.
    @Test func aTracksTimestampsReadAsEachAlone() throws {
        var reader = ISO8601Time.TrackReader()
        var texts: [String] = []
        for minute in ["2013-07-06T17:26", "2013-07-06T17:27", "2013-07-06T18:27", "2013-07-07T18:27", "2026-02-30T18:27",
                       "2013-07-06t17:26", "2013-07-06 17:26", "2016-12-31T23:59"] {
            for second in 0..<61 {
                let whole = String(format: "%02d", second)
                texts.append([minute + ":\(whole)Z", minute + ":\(whole).25Z", minute + ":\(whole)+01:00", " " + minute + ":\(whole)Z",
                              minute + ":\(whole)Z  ", minute + "Z", minute + ":\(whole)", minute + ":\(whole)x", minute][second % 9])
            }
            texts += Self.instantsAndSeconds.map(\.text) + Self.refusedTexts
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { reader.instant(utf8: $0) }
            #expect(read == ISO8601Time.parse(utf8: bytes), "\(text)")
        }
        for (text, seconds) in Self.instantsAndSeconds {
            let read = try #require(Array(text.utf8).withUnsafeBufferPointer { reader.instant(utf8: $0) })
            #expect(abs(read.timeIntervalSince1970 - seconds) < 1e-6)
        }
    }

    @Test func formatReadsBack() throws {
        for seconds in [0.0, 1_373_131_586, 1_464_343_727.25, -86_400.5] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try #require(ISO8601Time.parse(ISO8601Time.format(date))) == date)
        }
    }
}
