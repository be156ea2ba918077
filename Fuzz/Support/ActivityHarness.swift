import Foundation
import TempoFormats
import TempoKit

/// What every activity-file harness does with one input: the whole public path a file takes
/// through `tempo run import`/`summary`/`export`.
///
/// Sniffs the bytes, reads them as `format` into an `Activity`, then summarises the file the
/// streaming way (`ActivityFile.summary`, the motion model, splits, laps, best efforts), the
/// in-memory way (`RunAnalysis.summarize`), and writes the activity back as GPX and NMEA, so a
/// trap in arithmetic on hostile values downstream of the parser is found too.
enum ActivityHarness {
    static func run(_ input: FuzzInput, format: ActivityFormat) {
        _ = ActivityFormat(sniffing: input.bytes)
        let url = input.file(extension: format.rawValue)
        guard let activity = try? ActivityFile.read(url, format: format) else { return }
        let plan = RunPlan(activity: activity)
        let summary = RunAnalysis.summarize(
            segments: activity.segments, lapStarts: plan.lapStarts, sportChanges: plan.sportChanges,
            settings: plan.settings, splitUnit: .mile)
        _ = try? JSONEncoder().encode(summary)
        _ = try? ActivityFile.summary(of: url)
        _ = GPXWriter.data(for: activity)
        _ = NMEAWriter.log(for: activity)
    }
}
