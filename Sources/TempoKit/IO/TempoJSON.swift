import Foundation

/// How Tempo writes JSON everywhere (the CLI's `--json`, the server's responses and stored
/// documents): sorted keys, instants in ISO 8601 UTC (`2026-11-21T17:49:05Z`, with milliseconds
/// only when the instant has them), so one document reads the same from every edge.
public enum TempoJSON {
    /// The encoder; `pretty` indents (for people), otherwise one line.
    public static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(instantText(date))
        }
        return encoder
    }

    /// `2026-11-21T17:49:05Z`, or with milliseconds when the instant has them (rounded to the
    /// nearest millisecond, so an instant read from `…05.087Z` is written back as `…05.087Z`
    /// even when its binary value lies just below it).
    public static func instantText(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * millisecondsPerSecond).rounded()
        let seconds = (milliseconds / millisecondsPerSecond).rounded(.down)
        let whole = wholeSecondsText(seconds)
        let fraction = Int(milliseconds - seconds * millisecondsPerSecond)
        guard fraction != 0, whole.hasSuffix("Z") else { return whole }
        return whole.dropLast() + "." + String(fraction + 1000).dropFirst() + "Z"
    }

    /// `Date.ISO8601FormatStyle()`'s text of a whole second; written here for the instants
    /// Tempo keeps (``ValidRange/instants``), where the format style's calendar set-up was most
    /// of printing a status document.
    private static func wholeSecondsText(_ seconds: Double) -> String {
        guard ValidRange.instants.contains(Date(timeIntervalSince1970: seconds)) else {
            return Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
        }
        let whole = Int(seconds)
        let (days, second) = whole.quotientAndRemainder(dividingBy: 86_400)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(LocalDate(daysSinceEpoch: days))T\(twoDigits(second / 3600)):\(twoDigits(second / 60 % 60)):\(twoDigits(second % 60))Z"
    }

    private static let millisecondsPerSecond = 1000.0
}
