import Foundation

/// Tempo's one reader of ISO 8601 instants, for every file format, import and command-line
/// option; and the writer of the UTC form activity files use.
///
/// Grammar: `YYYY-MM-DD(T|t| )HH:MM[:SS[(.|,)fraction]][Z|z|±HH[[:]MM]]`, ASCII white space around
/// it ignored. The day must exist in its month (`2026-02-30` is refused), hours run to 23, minutes
/// to 59, seconds to 60 (a leap second), offsets to ±23:59. Whether a reading without an offset
/// is UTC (activity files) or a local time (what a person types) is the caller's rule:
/// ``Reading/offsetSeconds`` is `nil` then. It works on UTF-8 bytes because it runs once per
/// track point.
public enum ISO8601Time {
    /// The fields of a timestamp as written.
    public struct Reading: Sendable, Hashable {
        /// Seconds from 1970-01-01T00:00 to the date and time as written, ignoring any offset.
        public var localSeconds: Int
        /// The fraction of a second, in [0, 1).
        public var fraction: Double
        /// The written offset from UTC in seconds (`Z` is 0), or `nil` when none is written.
        public var offsetSeconds: Int?

        @inlinable
        init(localSeconds: Int, fraction: Double, offsetSeconds: Int?) {
            self.localSeconds = localSeconds
            self.fraction = fraction
            self.offsetSeconds = offsetSeconds
        }

        /// The instant, reading a timestamp without an offset as UTC.
        @inlinable
        public var instantAssumingUTC: Date {
            Date(timeIntervalSince1970: Double(localSeconds - (offsetSeconds ?? 0)) + fraction)
        }
    }

    /// The fields `text` writes, or `nil` if it is not an ISO 8601 timestamp.
    public static func reading(_ text: some StringProtocol) -> Reading? {
        reading(utf8: Array(text.utf8))
    }

    /// The instant `text` names, a timestamp without an offset read as UTC (what GPX and TCX mean).
    public static func parse(_ text: some StringProtocol) -> Date? {
        reading(text)?.instantAssumingUTC
    }

    /// The instant UTF-8 `bytes` name, a timestamp without an offset read as UTC.
    @inlinable
    public static func parse<Bytes: RandomAccessCollection<UInt8>>(utf8 bytes: Bytes) -> Date? where Bytes.Index == Int {
        reading(utf8: bytes)?.instantAssumingUTC
    }

    /// The fields UTF-8 `bytes` write, or `nil` if they are not an ISO 8601 timestamp.
    @inlinable
    public static func reading<Bytes: RandomAccessCollection<UInt8>>(utf8 bytes: Bytes) -> Reading? where Bytes.Index == Int {
        var index = bytes.startIndex
        var end = bytes.endIndex
        while index < end, isSpace(bytes[index]) { index += 1 }
        while end > index, isSpace(bytes[end - 1]) { end -= 1 }
        func digits(_ count: Int) -> Int? {
            guard end - index >= count else { return nil }
            var value = 0
            for offset in 0..<count {
                let digit = bytes[index + offset] &- UInt8(ascii: "0")
                guard digit <= 9 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += count
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), skip(UInt8(ascii: "-")), let month = digits(2), skip(UInt8(ascii: "-")),
            let day = digits(2), skip(UInt8(ascii: "T")) || skip(UInt8(ascii: "t")) || skip(UInt8(ascii: " ")),
            let hour = digits(2), skip(UInt8(ascii: ":")), let minute = digits(2),
            (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if skip(UInt8(ascii: ":")) {
            guard let written = digits(2), written <= 60 else { return nil }
            second = written
            if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) {
                // Summed digit by digit: the same double for every reader of the same text.
                var scale = 0.1
                let start = index
                while index < end, bytes[index] &- UInt8(ascii: "0") <= 9 {
                    fraction += Double(bytes[index] &- UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offsetSeconds: Int?
        if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = digits(2), hours < 24 else { return nil }
            var minutes = 0
            if index < end {
                _ = skip(UInt8(ascii: ":"))
                guard let written = digits(2), written < 60 else { return nil }
                minutes = written
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard index == end else { return nil }
        let days = LocalDate.daysSinceEpoch(year: year, month: month, day: day)
        return Reading(localSeconds: days * 86_400 + hour * 3600 + minute * 60 + second, fraction: fraction, offsetSeconds: offsetSeconds)
    }

    @inlinable
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// `YYYY-MM-DDTHH:MM:SS[.mmm]Z` in UTC; milliseconds only when the instant has them.
    public static func format(_ date: Date) -> String {
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
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T"
        text += "\(pad(Int(secondOfDay / 3600), 2)):\(pad(Int(secondOfDay % 3600 / 60), 2)):\(pad(Int(secondOfDay % 60), 2))"
        if millis != 0 { text += "." + pad(Int(millis), 3) }
        return text + "Z"
    }
}
