import Foundation
import TempoKit

extension ActivityFile {
    /// Typical bytes a file spends on one fix, by format: the recorder's columns are reserved for
    /// `size / typical` fixes up front instead of being copied as they double. A file denser than
    /// this grows them from there as usual; a sparser one leaves reserved memory untouched, and
    /// memory never touched is never resident.
    private static func typicalBytesPerFix(_ format: ActivityFormat) -> Int {
        switch format {
        case .gpx: 100
        case .tcx: 200
        case .fit: 20
        case .nmea: 140
        }
    }

    /// The summary of the file at `url`, streamed: fixes go into the recorder as they are parsed,
    /// so memory holds the run's compact samples, never the whole file or its `Activity`.
    ///
    /// Gives what `RunAnalysis.summarize` gives for the file's segments, laps and sport. Laps and
    /// the sport must be known before the first fix: FIT and TCX report laps after their records,
    /// so for those a first, cheap pass collects them; GPX and NMEA name their sport before the
    /// track, and if a file does not (or has laps after all) it is read a second time with them known.
    public static func summary(of url: URL, splitUnit: SplitUnit = .kilometer, autoPause: Bool = true) throws(FormatError) -> RunSummary {
        let format = try self.format(of: url)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        var known: (laps: [Date], sport: String?)?
        if format == .fit || format == .tcx {
            var laps: [ActivityLap] = [], sport: String?
            try stream(url, format: format) { element in
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
            try stream(url, format: format) { element in
                switch element {
                case .fix(let fix):
                    if replay == nil {
                        settingsUsed = RunSettings(sportNamed: known.map { $0.sport } ?? sport)
                        settingsUsed.autoPause = autoPause
                        var started = RunReplay(lapStarts: known?.laps ?? [], settings: settingsUsed)
                        started.reserveCapacity(size / typicalBytesPerFix(format))
                        replay = started
                    }
                    replay?.add(fix)
                case .endSegment: replay?.endSegment()
                case .lap(let lap): laps.append(lap)
                case .sport(let name): if sport == nil { sport = name }
                default: break
                }
            }
            let found = (laps: laps.dropFirst().compactMap(\.startTime), sport: sport)
            var settingsNeeded = RunSettings(sportNamed: found.sport)
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
}
