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
    /// Gives what `RunAnalysis.summarize` gives for the file's segments with its `RunPlan` (laps,
    /// sport, sport changes); `sport`, when given, overrides every sport the file names. The plan
    /// must be known before the first fix: FIT and TCX report laps and sessions after their
    /// records, so for those a first, cheap pass collects them; GPX and NMEA name their sport
    /// before the track, and if a file does not (or has laps after all) it is read a second time
    /// with them known.
    public static func summary(
        of url: URL, splitUnit: SplitUnit = .kilometer, autoPause: Bool = true, sport: Sport? = nil
    ) throws(FormatError) -> RunSummary {
        let format = try self.format(of: url)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        var known: RunPlan?
        if format == .fit || format == .tcx {
            var described = ActivityBuilder()
            try stream(url, format: format) { element in
                if case .fix = element { return }
                described.add(element)
            }
            known = RunPlan(activity: described.finish(), autoPause: autoPause, sport: sport)
        }
        while true {
            // Everything but the fixes, to check the plan the replay was started with.
            var described = ActivityBuilder()
            var replay: RunReplay?
            var used: RunPlan?
            try stream(url, format: format) { element in
                switch element {
                case .fix(let fix):
                    if replay == nil {
                        let plan = known ?? RunPlan(activity: described.finish(), autoPause: autoPause, sport: sport)
                        var started = RunReplay(lapStarts: plan.lapStarts, sportChanges: plan.sportChanges, settings: plan.settings)
                        started.reserveCapacity(size / typicalBytesPerFix(format))
                        replay = started
                        used = plan
                    }
                    replay?.add(fix)
                case .endSegment: replay?.endSegment()
                case .waypoint: break
                default: described.add(element)
                }
            }
            let needed = RunPlan(activity: described.finish(), autoPause: autoPause, sport: sport)
            guard var replay else {
                var empty = RunReplay(settings: needed.settings)
                return empty.summary(splitUnit: splitUnit)
            }
            if used == needed { return replay.summary(splitUnit: splitUnit) }
            known = needed
        }
    }
}
