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
        var settings = RunSettings(sport: activity.sport)
        settings.autoPause = autoPause
        return settings
    }

    /// The summary of the file at `path`, streamed: fixes go into the recorder as they are parsed,
    /// so memory holds the run's compact samples, never the whole file or its `Activity`.
    ///
    /// Gives what `RunFile(path:).summary(splitUnit:autoPause:)` gives. Laps and the sport must be
    /// known before the first fix: FIT and TCX report laps after their records, so for those a
    /// first, cheap pass collects them; GPX and NMEA name their sport before the track, and if a
    /// file does not (or has laps after all) it is read a second time with them known.
    static func streamedSummary(path: String, splitUnit: SplitUnit, autoPause: Bool) throws(FormatError) -> RunSummary {
        let url = URL(fileURLWithPath: path)
        let format = try ActivityFile.format(of: url)
        var known: (laps: [Date], sport: String?)?
        if format == .fit || format == .tcx {
            var laps: [ActivityLap] = [], sport: String?
            try ActivityFile.stream(url, format: format) { element in
                switch element {
                case .lap(let lap): laps.append(lap)
                case .sport(let name): if sport == nil { sport = name }
                default: break
                }
            }
            known = (laps.dropFirst().compactMap(\.startTime), sport)
        }
        while true {
            var laps: [ActivityLap] = [], sport: String?
            var replay: RunReplay?
            var settingsUsed = RunSettings()
            try ActivityFile.stream(url, format: format) { element in
                switch element {
                case .fix(let fix):
                    if replay == nil {
                        settingsUsed = RunSettings(sport: known.map { $0.sport } ?? sport)
                        settingsUsed.autoPause = autoPause
                        replay = RunReplay(lapStarts: known?.laps ?? [], settings: settingsUsed)
                    }
                    replay?.add(fix)
                case .endSegment: replay?.endSegment()
                case .lap(let lap): laps.append(lap)
                case .sport(let name): if sport == nil { sport = name }
                default: break
                }
            }
            let found = (laps: laps.dropFirst().compactMap(\.startTime), sport: sport)
            var settingsNeeded = RunSettings(sport: found.sport)
            settingsNeeded.autoPause = autoPause
            guard var replay else {
                var empty = RunReplay(settings: settingsNeeded)
                return empty.summary(splitUnit: splitUnit)
            }
            if found.laps == (known?.laps ?? []), settingsNeeded == settingsUsed || known != nil {
                return replay.summary(splitUnit: splitUnit)
            }
            known = found
        }
    }

    /// The file's summary, by the same recorder as live recording.
    func summary(splitUnit: SplitUnit, autoPause: Bool) -> RunSummary {
        RunAnalysis.summarize(segments: activity.segments, lapStarts: lapStarts, settings: settings(autoPause: autoPause),
                              splitUnit: splitUnit)
    }
}
