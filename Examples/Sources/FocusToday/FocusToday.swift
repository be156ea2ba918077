import Foundation
import TempoKit

/// Today's focus total in a time zone: days are calendar days there, 23 or 25 hours long on DST days.
@main
struct FocusToday {
    static func main() throws {
        let now = Date()
        var ledger = FocusLedger()
        try ledger.add(start: now.addingTimeInterval(-50 * 60), end: now.addingTimeInterval(-20 * 60), tags: ["thesis"])
        ledger.start(tags: ["reading"], at: now.addingTimeInterval(-10 * 60))  // still running

        let berlin = FocusSettings(timeZoneIdentifier: "Europe/Berlin", dayStart: try DayTime(hour: 4))
        let report = try ledger.report(settings: berlin, now: now)
        print("today (\(report.today)) in Berlin:", ClockText.format(report.todayTotal))
    }
}
