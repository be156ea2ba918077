import Foundation
import TempoKit

/// How every command prints `--json`: sorted keys, ISO 8601 UTC instants, one document.
enum JSONOutput {
    static func encoder(pretty: Bool = true) -> JSONEncoder {
        TempoJSON.encoder(pretty: pretty)
    }

    /// Prints `value` as JSON on standard output (`pretty: false` for one object per line).
    static func print(_ value: some Encodable, pretty: Bool = true) throws {
        let data = try encoder(pretty: pretty).encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// `2026-11-21T17:49:05Z`, or with milliseconds when the instant has them.
    static func iso8601(_ date: Date) -> String {
        TempoJSON.instantText(date)
    }
}
