import Foundation
import TempoKit

/// Parses and formats the ISO 8601 instants activity files use, without `DateFormatter`.
///
/// Accepts `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM|±HHMM]`; a missing zone is read as UTC
/// (what GPX and TCX mean). Hand-written because it runs once per track point.
enum ISO8601Time {
    /// The instant a timestamp names, or `nil` if it is not one.
    static func parse(_ text: some StringProtocol) -> Date? {
        var string = String(text)
        return string.withUTF8 { parse(utf8: $0) }
    }

    /// The instant named by UTF-8 bytes, or `nil`.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var utf8 = bytes[...]
        while let last = utf8.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { utf8.removeLast() }
        var index = 0
        while index < utf8.count, utf8[index] == 0x20 || utf8[index] == 0x0A || utf8[index] == 0x0D || utf8[index] == 0x09 {
            index += 1
        }
        func digits(_ count: Int) -> Int? {
            guard index + count <= utf8.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = utf8[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < utf8.count, utf8[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            index < utf8.count, utf8[index] == 0x54 || utf8[index] == 0x74 || utf8[index] == 0x20
        else { return nil }
        index += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2),
            (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < utf8.count, utf8[index] == 0x2E || utf8[index] == 0x2C {
            index += 1
            var scale = 0.1
            let start = index
            while index < utf8.count, utf8[index] >= 0x30, utf8[index] <= 0x39 {
                fraction += Double(utf8[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if index < utf8.count {
            switch utf8[index] {
            case 0x5A, 0x7A:
                index += 1
            case 0x2B, 0x2D:
                let sign = utf8[index] == 0x2D ? -1 : 1
                index += 1
                guard let hours = digits(2) else { return nil }
                _ = expect(0x3A)
                let minutes = digits(2) ?? 0
                offsetSeconds = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard index == utf8.count else { return nil }
        let days = LocalDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.mmm]Z` in UTC; milliseconds only when the instant has them.
    static func format(_ date: Date) -> String {
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = totalMillis / 1000
        var millis = totalMillis % 1000
        if millis < 0 {
            millis += 1000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let date = LocalDate(daysSinceEpoch: Int(days))
        let (year, month, day) = (date.year, date.month, date.day)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(Int(secondOfDay / 3600), 2)):\(pad(Int(secondOfDay % 3600 / 60), 2)):\(pad(Int(secondOfDay % 60), 2))"
        if millis != 0 { text += "." + pad(Int(millis), 3) }
        return text + "Z"
    }
}
