import ArgumentParser
import Foundation
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus check`: recomputes the stored day totals from the sessions and repairs them.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Recompute the stored per-day totals from the sessions; list and repair any that differ (exit 1 then).")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let database = try global.openDatabase(.update)
            let settings = try database.focusSettings(defaultTimeZone: FocusContext.systemTimeZone)
            let check = try database.checkFocusDayTotals(settings: settings)
            let calendar = "\(settings.timeZoneIdentifier), days start \(settings.dayStart)"
            if check.rebuiltForNewCalendar {
                print("Day totals built for \(calendar): \(check.dayCount) day\(check.dayCount == 1 ? "" : "s") with focus")
                return
            }
            guard !check.differences.isEmpty else {
                print("Day totals match the sessions (\(check.dayCount) day\(check.dayCount == 1 ? "" : "s") with focus, \(calendar))")
                return
            }
            for difference in check.differences {
                print("\(difference.date): stored \(Self.describe(difference.stored)), sessions give \(Self.describe(difference.computed))")
            }
            print("\(check.differences.count) day total(s) were wrong and are repaired: they now equal the sessions")
            throw ExitCode.failure
        }

        static func describe(_ total: FocusDayTotal?) -> String {
            guard let total else { return "nothing" }
            return "\(ClockText.duration(seconds: total.totalSeconds)) in \(total.sessionCount) session\(total.sessionCount == 1 ? "" : "s")"
        }
    }
}
