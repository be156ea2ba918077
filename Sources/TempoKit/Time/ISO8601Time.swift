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
        guard end - index >= 16, let minute = minute(bytes, at: index) else { return nil }
        return reading(bytes, from: index + 16, to: end, minute: minute)
    }

    /// `YYYY-MM-DDTHH:MM` at `index` (16 bytes, the caller checked they are there): seconds from
    /// 1970-01-01T00:00 to that minute, or `nil` if it is no such minute.
    @inlinable
    static func minute<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int? where Bytes.Index == Int {
        // At fixed places.
        guard let century = twoDigits(bytes, index), let yearInCentury = twoDigits(bytes, index + 2),
            bytes[index + 4] == UInt8(ascii: "-"), let month = twoDigits(bytes, index + 5), bytes[index + 7] == UInt8(ascii: "-"),
            let day = twoDigits(bytes, index + 8), isDateTimeSeparator(bytes[index + 10]), let hour = twoDigits(bytes, index + 11),
            bytes[index + 13] == UInt8(ascii: ":"), let minute = twoDigits(bytes, index + 14)
        else { return nil }
        let year = century * 100 + yearInCentury
        guard (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60
        else { return nil }
        return LocalDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
    }

    /// The rest of a timestamp, `[:SS[(.|,)fraction]][Z|z|±HH[[:]MM]]` from `index` to `end`,
    /// after the `minute` its first 16 bytes name.
    @inlinable
    static func reading<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from index: Int, to end: Int, minute: Int)
        -> Reading? where Bytes.Index == Int {
        var index = index
        var second = 0
        var fraction = 0.0
        if index < end, bytes[index] == UInt8(ascii: ":") {
            guard end - index >= 3, let written = twoDigits(bytes, index + 1), written <= 60 else { return nil }
            second = written
            index += 3
            if index < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
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
        if index < end, bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            offsetSeconds = 0
            index += 1
        } else if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard end - index >= 3, let hours = twoDigits(bytes, index + 1), hours < 24 else { return nil }
            index += 3
            var minutes = 0
            if index < end {
                if bytes[index] == UInt8(ascii: ":") { index += 1 }
                guard end - index >= 2, let written = twoDigits(bytes, index), written < 60 else { return nil }
                minutes = written
                index += 2
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard index == end else { return nil }
        return Reading(localSeconds: minute + second, fraction: fraction, offsetSeconds: offsetSeconds)
    }

    /// Reads the timestamps of a track, whose points share their date, hour and minute in runs:
    /// where a timestamp begins with the same 16 bytes (`YYYY-MM-DDTHH:MM`) as the last one read,
    /// that minute is not read again. Gives what `parse(utf8:)` gives.
    public struct TrackReader: Sendable {
        /// The last minute read: its 16 bytes, and seconds from 1970 to it (nil before the first).
        private var written: (UInt64, UInt64) = (0, 0)
        private var minute: Int?

        public init() {}

        /// The instant UTF-8 `bytes` name, a timestamp without an offset read as UTC.
        public mutating func instant(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
            guard bytes.count >= 16, let start = bytes.baseAddress else { return parse(utf8: bytes) }
            let raw = UnsafeRawPointer(start)
            let first = raw.loadUnaligned(as: UInt64.self), second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            var end = bytes.count
            while end > 16, isSpace(bytes[end - 1]) { end -= 1 }
            if let minute, first == written.0, second == written.1 {
                return reading(bytes, from: 16, to: end, minute: minute)?.instantAssumingUTC
            }
            // (Leading white space is left to `parse`, and not remembered.)
            guard !isSpace(bytes[0]), let minute = ISO8601Time.minute(bytes, at: 0) else { return parse(utf8: bytes) }
            written = (first, second)
            self.minute = minute
            return reading(bytes, from: 16, to: end, minute: minute)?.instantAssumingUTC
        }
    }

    /// The two decimal digits at `index` as a number (the caller checked they are there).
    @inlinable @inline(__always)
    static func twoDigits<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ index: Int) -> Int? where Bytes.Index == Int {
        let high = bytes[index] &- UInt8(ascii: "0")
        let low = bytes[index + 1] &- UInt8(ascii: "0")
        guard high <= 9, low <= 9 else { return nil }
        return Int(high) * 10 + Int(low)
    }

    @inlinable @inline(__always)
    static func isDateTimeSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") || byte == UInt8(ascii: " ")
    }

    @inlinable @inline(__always)
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
