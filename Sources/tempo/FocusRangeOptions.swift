import ArgumentParser
import Foundation
import TempoKit

/// `--from`, `--to` and `--tag` of `focus log` and `focus export`.
struct FocusRangeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "From this day (YYYY-MM-DD) or time (09:00, yesterday 9:00, -2h, ISO 8601).") var from: String?
    @Option(parsing: .unconditional, help: "To the end of this day (YYYY-MM-DD), or up to this time.") var to: String?
    @Option(help: "Only sessions with this tag.") var tag: String?

    /// The instants of `--from` and `--to`: a date is its focus day (`--to` includes it whole),
    /// anything else a time read by ``FocusInstantParser`` in the focus zone.
    func instants(context: FocusContext, calendar: DayCalendar) throws -> (from: Date?, to: Date?) {
        let low = try from.map { text in
            try (try? LocalDate(parsing: text)).map(calendar.start(of:)) ?? context.instant(text)
        }
        let high = try to.map { text in
            try (try? LocalDate(parsing: text)).map { calendar.start(of: $0.adding(days: 1)) } ?? context.instant(text)
        }
        if let low, let high, high <= low {
            throw ValidationError("--to \(to ?? "") is not after --from \(from ?? "")")
        }
        return (low, high)
    }
}
