import Foundation

/// File analysis: feeds a recorded track through the same `RunRecorder` as live recording.
public enum RunAnalysis {
    /// Replays `segments` (never joined) into a recorder, with a lap begun at each of
    /// `lapStarts` (instants, UTC; the first lap's start is the run's and may be omitted).
    ///
    /// The run starts at the first fix's time and stops at the last one's; the time between
    /// two segments counts as a pause (it is not running time). Fixes without times give
    /// distance only.
    public static func record(segments: [[LocationFix]], lapStarts: [Date] = [], settings: RunSettings = RunSettings()) -> RunRecorder {
        var recorder = RunRecorder(settings: settings)
        let firstTime = segments.lazy.flatMap { $0 }.compactMap(\.time).first
        let lastTime = segments.reversed().lazy.flatMap { $0.reversed() }.compactMap(\.time).first
        try? recorder.start(at: firstTime)
        var pendingLaps = lapStarts.sorted().filter { lap in firstTime.map { lap > $0 } ?? false }[...]
        for (index, segment) in segments.enumerated() {
            if index > 0 {
                let pauseAt = segments[index - 1].last(where: { $0.time != nil })?.time
                let resumeAt = segment.first(where: { $0.time != nil })?.time
                if let pauseAt, let resumeAt, resumeAt > pauseAt {
                    try? recorder.pause(at: pauseAt)
                    try? recorder.resume(at: resumeAt)
                } else {
                    recorder.endSegment()
                }
            }
            for fix in segment {
                if let time = fix.time {
                    while let lap = pendingLaps.first, lap <= time {
                        try? recorder.lap(at: lap)
                        pendingLaps.removeFirst()
                    }
                }
                recorder.ingest(fix)
            }
        }
        try? recorder.stop(at: lastTime)
        return recorder
    }

    /// The summary of a recorded track; see `record(segments:lapStarts:settings:)`.
    public static func summarize(
        segments: [[LocationFix]], lapStarts: [Date] = [], settings: RunSettings = RunSettings(),
        splitUnit: SplitUnit = .kilometer
    ) -> RunSummary {
        RunSummary(recorder: record(segments: segments, lapStarts: lapStarts, settings: settings), splitUnit: splitUnit)
    }
}
