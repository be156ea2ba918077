import Foundation
import TempoKit
import Testing

/// Expected day starts and lengths were computed independently with Python's `zoneinfo`
/// (system tzdata) by `Tests/Oracles/day_calendar.py`, written to `Tests/Fixtures/day-calendar.json`:
/// dates around every UTC-offset change of the listed years, plus ordinary days, for day starts
/// 00:00 and 04:00 and for starts that fall in a DST gap (02:30, 02:15) or an hour that occurs twice
/// (01:30 New York, 01:45 Lord Howe).
@Suite struct DayCalendarTests {
    struct Expected: Decodable, Sendable, CustomTestStringConvertible {
        let zone: String
        let day_start: String
        let date: String
        let start: Int
        let length_s: Int
        var testDescription: String { "\(zone) \(date) @\(day_start)" }
    }

    static let expected: [Expected] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/day-calendar.json")
        return (try? JSONDecoder().decode([Expected].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func oracleFileIsPresent() {
        #expect(Self.expected.count == 200)
    }

    @Test(arguments: expected)
    func matchesZoneinfo(_ row: Expected) throws {
        let calendar = try DayCalendar(timeZoneIdentifier: row.zone, dayStart: DayTime(parsing: row.day_start))
        let day = try LocalDate(parsing: row.date)
        let start = Date(timeIntervalSince1970: TimeInterval(row.start))
        #expect(calendar.start(of: day) == start)
        #expect(calendar.lengthSeconds(of: day) == row.length_s)
        if row.length_s > 0 {
            #expect(calendar.day(containing: start) == day)
            #expect(calendar.day(containing: start + TimeInterval(row.length_s) - 0.5) == day)
            #expect(calendar.day(containing: start - 0.5) != day)
        }
    }

    @Test func apiaSkippedTheThirtiethOfDecember2011() throws {
        let calendar = try DayCalendar(timeZoneIdentifier: "Pacific/Apia")
        let skipped = try LocalDate(parsing: "2011-12-30")
        #expect(calendar.lengthSeconds(of: skipped) == 0)
        let parts = calendar.split(from: calendar.start(of: skipped.adding(days: -1)) + 3600,
                                   to: calendar.start(of: skipped.adding(days: 1)) + 7200)
        #expect(parts.map(\.day.description) == ["2011-12-29", "2011-12-31"])
        #expect(parts.map(\.duration) == [.seconds(82_800), .seconds(7200)])
    }

    @Test func splittingAcrossTheBerlinSpringForwardDay() throws {
        let calendar = try DayCalendar(timeZoneIdentifier: "Europe/Berlin")
        // 2024-03-30 22:00 to 2024-04-01 01:00 Berlin local time (UTC+1, then UTC+2).
        let from = Date(timeIntervalSince1970: 1_711_832_400), to = Date(timeIntervalSince1970: 1_711_926_000)
        let parts = calendar.split(from: from, to: to)
        #expect(parts.map(\.day.description) == ["2024-03-30", "2024-03-31", "2024-04-01"])
        #expect(parts.map(\.duration) == [.seconds(7200), .seconds(82_800), .seconds(3600)])
        #expect(parts.map(\.duration).reduce(.zero, +) == .between(from, to))
    }

    @Test(arguments: ["+09:00", "GMT+9", "UTC-05:00", "Etc/GMT-9", "-0500", "9"])
    func refusesFixedOffsets(_ name: String) {
        #expect(throws: DayCalendarError.fixedOffset(name)) { try DayCalendar(timeZoneIdentifier: name) }
    }

    /// The fixed-offset rule, checked against the regular expression it was first written as
    /// (`^((Etc/)?(GMT|UTC|UT) ?[-+−]|[-+−]?\d)`, Foundation's regex engine as the oracle), over
    /// every zone Foundation knows and the offset spellings people type.
    @Test func theFixedOffsetRuleIsTheRegularExpressions() {
        let spellings = ["+09:00", "−05:00", "-5", "9", "09", "GMT+9", "GMT 9", "GMT -9", "GMT−9", "UTC+5:30", "UTC", "UT", "UT+1",
                         "Etc/GMT", "Etc/GMT-9", "Etc/UTC", "Etc/UT+2", "Etc/+3", "GMT", "GMT0", "UTC 5", "UTC +5", "Z", "+", "−", "",
                         "UTCX+1", "GMTa", "Etc/", "etc/GMT+1", "gmt+1", "٣", "+٣", "America/Argentina/Buenos_Aires"]
        for name in spellings + TimeZone.knownTimeZoneIdentifiers {
            let regex = name.range(of: #"^((Etc/)?(GMT|UTC|UT) ?[-+−]|[-+−]?\d)"#, options: .regularExpression) != nil
            let refused: Bool
            do { _ = try DayCalendar.ianaTimeZone(name); refused = false } catch { refused = error == .fixedOffset(name) }
            #expect(refused == regex, "\(name)")
        }
    }

    @Test(arguments: ["Asia/Kolkata", "Etc/UTC", "UTC", "America/Argentina/Buenos_Aires"])
    func acceptsEveryNameOfTheZoneDatabase(_ name: String) throws {
        #expect(throws: Never.self) { try DayCalendar(timeZoneIdentifier: name) }
    }

    @Test(arguments: ["Mars/Olympus", "", "Europe/Berln"])
    func refusesUnknownZones(_ name: String) {
        #expect(throws: DayCalendarError.unknownTimeZone(name)) { try DayCalendar(timeZoneIdentifier: name) }
    }

    @Test(arguments: ["25:00", "24:00", "4", "04:60", "ab:cd", "4:5"])
    func refusesBadDayStarts(_ text: String) {
        #expect(throws: DayTimeError.invalid(text)) { try DayTime(parsing: text) }
    }

    @Test func localDateArithmeticMatchesTheGregorianCalendar() throws {
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(try LocalDate(parsing: "2000-02-29").daysSinceEpoch == 11_016)
        #expect(LocalDate(daysSinceEpoch: -1).description == "1969-12-31")
        #expect(try LocalDate(parsing: "2026-11-21").isoWeekday == 6)
        #expect(throws: LocalDateError.self) { try LocalDate(parsing: "2023-02-29") }
    }
}
