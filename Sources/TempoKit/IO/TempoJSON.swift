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

    /// `2026-11-21T17:49:05Z`, or with milliseconds when the instant has them.
    public static func instantText(_ date: Date) -> String {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0)
        return date.formatted(style)
    }
}
