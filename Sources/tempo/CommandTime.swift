import Foundation
import TempoKit

/// The CLI's one source of time, set up once at the edge and handed to every command through
/// ``GlobalOptions/time``; no command reads the system clock itself.
///
/// `now` is the wall clock (UTC instants). `TEMPO_NOW` (ISO 8601) replaces the system clock for
/// every command and stays fixed for the whole process, so end-to-end tests run the real binary
/// at chosen instants; an instant outside ``ValidRange/instants`` is refused with one line instead
/// of being stored. `clock` only paces live loops (a ``Ticker``) and replays: it is monotonic, and
/// `TEMPO_NOW` does not replace it.
struct CommandTime: Sendable {
    /// Paces live lines, polls and replays.
    let clock: ContinuousClock
    /// The wall-clock instant now; throws ``CLIError`` when the clock cannot be trusted.
    let now: @Sendable () throws -> Date

    /// The process's time, from its environment.
    static let current = CommandTime(environment: ProcessInfo.processInfo.environment)

    /// True when `TEMPO_NOW` fixes the wall clock (a wait for a later instant would never end).
    let isFixed: Bool

    /// `TEMPO_NOW` from `environment` when set and not empty, else the system clock.
    init(environment: [String: String], clock: ContinuousClock = ContinuousClock()) {
        self.clock = clock
        guard let text = environment["TEMPO_NOW"], !text.isEmpty else {
            isFixed = false
            now = { try Self.checked(Date(), "the system clock") }
            return
        }
        isFixed = true
        let fixed = FocusImport.isoDateText(text)
        now = {
            guard let fixed else { throw CLIError("TEMPO_NOW '\(text)' is not an ISO 8601 instant") }
            return try Self.checked(fixed, "TEMPO_NOW")
        }
    }

    /// A `now` that cannot fail, for code that reads the clock many times (a recording): the
    /// clock is checked once, here.
    func checkedNow() throws -> @Sendable () -> Date {
        let first = try now()
        if isFixed { return { first } }
        return { Date() }
    }

    private static func checked(_ instant: Date, _ name: String) throws -> Date {
        do { try ValidRange.check(instant: instant, name) } catch { throw CLIError("\(error.description); set the clock and try again") }
        return instant
    }
}
