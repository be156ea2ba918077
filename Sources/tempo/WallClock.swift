import Foundation
import TempoKit

/// The CLI's one wall clock. `TEMPO_NOW` (ISO 8601) replaces the system clock for every
/// command, so end-to-end tests run the real binary at chosen instants, and a clock that reads
/// outside ``ValidRange/instants`` is refused with one line instead of being stored.
enum WallClock {
    static func now() throws -> Date {
        let instant: Date
        if let text = ProcessInfo.processInfo.environment["TEMPO_NOW"], !text.isEmpty {
            guard let date = FocusImport.isoDateText(text) else { throw FocusCLIError("TEMPO_NOW '\(text)' is not an ISO 8601 instant") }
            instant = date
            try check(instant, "TEMPO_NOW")
        } else {
            instant = Date()
            try check(instant, "the system clock")
        }
        return instant
    }

    private static func check(_ instant: Date, _ name: String) throws {
        do { try ValidRange.check(instant: instant, name) } catch { throw FocusCLIError("\(error.description); set the clock and try again") }
    }
}
