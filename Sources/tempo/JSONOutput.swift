import Foundation

/// How every command prints `--json`: sorted keys, ISO 8601 UTC instants, one document.
enum JSONOutput {
    static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(date))
        }
        return encoder
    }

    /// Prints `value` as JSON on standard output (`pretty: false` for one object per line).
    static func print(_ value: some Encodable, pretty: Bool = true) throws {
        let data = try encoder(pretty: pretty).encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// `2026-11-21T17:49:05Z`, or with milliseconds when the instant has them.
    static func iso8601(_ date: Date) -> String {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0)
        return date.formatted(style)
    }
}
