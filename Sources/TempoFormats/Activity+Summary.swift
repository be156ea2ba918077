import TempoKit

extension Activity {
    /// The run summary of an activity already read (with ``ActivityFile/read(_:)`` or a reader):
    /// its segments analysed with its ``RunPlan`` — laps, sport and sport changes — as
    /// ``ActivityFile`` summarises the file itself.
    ///
    /// - Parameters:
    ///   - splitUnit: the length of each split.
    ///   - autoPause: whether stops of 10 s or more leave moving time out.
    ///   - sport: overrides every sport the file names.
    public func summary(splitUnit: SplitUnit = .kilometer, autoPause: Bool = true, sport: Sport? = nil) -> RunSummary {
        let plan = RunPlan(activity: self, autoPause: autoPause, sport: sport)
        return RunAnalysis.summarize(
            segments: segments, lapStarts: plan.lapStarts, sportChanges: plan.sportChanges,
            settings: plan.settings, splitUnit: splitUnit)
    }
}
