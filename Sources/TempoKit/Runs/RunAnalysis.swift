import Foundation

/// File analysis: feeds a recorded track through the same `RunRecorder` as live recording.
public enum RunAnalysis {
    /// Replays `segments` (never joined) into a recorder, with a lap begun at each of
    /// `lapStarts` (instants, UTC: where the second and later laps start) and the sport changed
    /// at each of `sportChanges` (see `RunReplay`).
    ///
    /// The run starts at the first fix's time and stops at the last one's; the time between
    /// two segments counts as a pause (it is not running time). Fixes without times give
    /// distance only.
    public static func record(
        segments: [[LocationFix]], lapStarts: [Date] = [], sportChanges: [SportChange] = [], settings: RunSettings = RunSettings()
    ) -> RunRecorder {
        var replay = replayed(segments: segments, lapStarts: lapStarts, sportChanges: sportChanges, settings: settings)
        return replay.finish()
    }

    private static func replayed(
        segments: [[LocationFix]], lapStarts: [Date], sportChanges: [SportChange], settings: RunSettings
    ) -> RunReplay {
        var replay = RunReplay(lapStarts: lapStarts, sportChanges: sportChanges, settings: settings)
        // The length as drawn: a recorder has none, and `summarize` measures it apart.
        replay.measuresUnfilteredDistance = false
        replay.reserveCapacity(exactly: segments.reduce(0) { $0 + $1.count })
        for segment in segments {
            if segment.isEmpty { replay.emptySegment() }
            for fix in segment { replay.add(fix) }
            replay.endSegment()
        }
        return replay
    }

    /// The summary of a recorded track; see `record(segments:lapStarts:sportChanges:settings:)`.
    public static func summarize(
        segments: [[LocationFix]], lapStarts: [Date] = [], sportChanges: [SportChange] = [],
        settings: RunSettings = RunSettings(), splitUnit: SplitUnit = .kilometer
    ) -> RunSummary {
        // The unfiltered length needs nothing the recorder decides: on a long track it is measured on
        // the other core while the recorder runs (the same steps, in the same order, as the replay's).
        let fixes = segments.reduce(0) { $0 + $1.count }
        var (summary, unfiltered) = Concurrently.both(inParallel: fixes >= RunSummary.samplesForTwoCores) {
            var replay = replayed(segments: segments, lapStarts: lapStarts, sportChanges: sportChanges, settings: settings)
            return replay.summary(splitUnit: splitUnit)
        } _: {
            unfilteredDistanceMeters(segments)
        }
        summary.unfilteredDistanceMeters = unfiltered
        return summary
    }

    /// The geodesic length of `segments` as drawn: every valid fix, each segment on its own
    /// (what `RunReplay.unfilteredDistanceMeters` measures as it is fed), metres.
    static func unfilteredDistanceMeters(_ segments: [[LocationFix]]) -> Double {
        var drawn = DrawnLength()
        for segment in segments {
            for fix in segment { drawn.add(fix) }
            drawn.endSegment()
        }
        return drawn.meters
    }
}
