import Foundation
import TempoToolCore
import Testing

/// Local times as both binaries print them (``WallTime``, plain arithmetic on the zone's offset)
/// are what ICU's `DateFormatter` prints (the oracle, and what the tool used before): in every
/// zone the system knows, at random instants of 1970–2199 and a second either side of every
/// offset change from 1970 to 2040.
struct WallTimeTests {
    @Test func wallTimeIsDateFormattersInEveryZone() throws {
        var random = SplitMix64(seed: 0x3A11_7143)
        var checked = 0
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(TimeZone(identifier: identifier))
            let wallTime = WallTime(zone: zone)
            // One formatter per pattern: setting a formatter's pattern again costs more than formatting.
            let formatters = Dictionary(uniqueKeysWithValues: ["yyyy-MM-dd HH:mm:ss", "HH:mm:ss", "HH:mm", "yyyy-MM-dd", "xxx"].map { format in
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.calendar = Calendar(identifier: .gregorian)
                formatter.timeZone = zone
                formatter.dateFormat = format
                return (format, formatter)
            })
            func formatted(_ date: Date, _ format: String) -> String { formatters[format]!.string(from: date) }

            var instants = (0..<40).map { _ in Date(timeIntervalSince1970: Double(random.next(below: 7_258_118_400)) + 0.999) }
            var transition = Date(timeIntervalSince1970: 0)
            while let next = zone.nextDaylightSavingTimeTransition(after: transition), next.timeIntervalSince1970 < 2_208_988_800 {
                instants += [next.addingTimeInterval(-1), next, next.addingTimeInterval(1), next.addingTimeInterval(1_800)]
                transition = next
            }
            for date in instants {
                let fold = wallTime.isAmbiguous(date) ? " " + formatted(date, "xxx") : ""
                #expect(wallTime.instant(date) == formatted(date, "yyyy-MM-dd HH:mm:ss") + fold, "\(identifier) \(date)")
                #expect(wallTime.time(date) == formatted(date, "HH:mm") + fold, "\(identifier) \(date)")
                #expect(wallTime.date(date) == formatted(date, "yyyy-MM-dd"), "\(identifier) \(date)")
                let now = date.addingTimeInterval(Double(random.next(below: 100_000)) - 50_000)
                // The same local day is the same wall date. (`Calendar.isDate(_:inSameDayAs:)`
                // disagrees in a few folds at midnight, such as São Paulo's before 2019, where
                // it takes the day to start at the second midnight.)
                let sameDay = formatted(date, "yyyy-MM-dd") == formatted(now, "yyyy-MM-dd")
                #expect(wallTime.describe(date, relativeTo: now) == (sameDay ? formatted(date, "HH:mm:ss") + fold : wallTime.instant(date)),
                        "\(identifier) \(date) \(now)")
                checked += 1
            }
        }
        #expect(checked > 20_000)
    }
}
