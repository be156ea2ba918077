import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// A run file read for analysis or import: its activity and the hash of its bytes.
struct RunFile {
    var path: String
    var activity: Activity
    var contentHash: String

    /// Reads and parses `path`; a broken file throws a `FormatError` naming the file and place.
    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FormatError(file: path, reason: "cannot read: \((error as NSError).localizedDescription)")
        }
        self.path = path
        activity = try ActivityFile.read(url)
        contentHash = RunContentHash.sha256(data)
    }

    /// Where the file's second and later laps start (the first lap starts with the run).
    var lapStarts: [Date] { activity.laps.dropFirst().compactMap(\.startTime) }

    /// The analysis settings for the file's sport.
    func settings(autoPause: Bool) -> RunSettings {
        var settings = RunSettings(sport: activity.sport)
        settings.autoPause = autoPause
        return settings
    }

    /// The file's summary, by the same recorder as live recording.
    func summary(splitUnit: SplitUnit, autoPause: Bool) -> RunSummary {
        RunAnalysis.summarize(segments: activity.segments, lapStarts: lapStarts, settings: settings(autoPause: autoPause),
                              splitUnit: splitUnit)
    }
}
