import Foundation
import TempoFormats
import TempoKit
import TempoStore

/// A run file read for analysis or import.
struct RunFile {
    var path: String
    var activity: Activity

    /// Reads and parses `path`; a broken file throws a `FormatError` naming the file and place.
    init(path: String) throws {
        self.path = path
        activity = try ActivityFile.read(URL(fileURLWithPath: path))
    }

    /// SHA-256 of the file's bytes (what makes an import happen once); read only when importing.
    func contentHash() throws -> String {
        do {
            return RunContentHash.sha256(try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
        } catch {
            throw FormatError(file: path, reason: "cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// Where the file's second and later laps start (the first lap starts with the run).
    var lapStarts: [Date] { activity.laps.dropFirst().compactMap(\.startTime) }

    /// The analysis settings for the file's sport.
    func settings(autoPause: Bool) -> RunSettings {
        var settings = RunSettings(sportNamed: activity.sport)
        settings.autoPause = autoPause
        return settings
    }

    /// The summary of the file at `path`, streamed (`ActivityFile.summary(of:splitUnit:autoPause:)`).
    static func streamedSummary(path: String, splitUnit: SplitUnit, autoPause: Bool) throws(FormatError) -> RunSummary {
        try ActivityFile.summary(of: URL(fileURLWithPath: path), splitUnit: splitUnit, autoPause: autoPause)
    }

    /// The file's summary, by the same recorder as live recording.
    func summary(splitUnit: SplitUnit, autoPause: Bool) -> RunSummary {
        RunAnalysis.summarize(segments: activity.segments, lapStarts: lapStarts, settings: settings(autoPause: autoPause),
                              splitUnit: splitUnit)
    }
}
