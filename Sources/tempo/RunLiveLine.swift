import TempoKit

/// The live line of `run record`: elapsed, moving time, distance, current and average pace,
/// and the split being run.
enum RunLiveLine {
    static func render(_ progress: RunProgress) -> String {
        var parts = [
            RunSummaryText.duration(progress.elapsedSeconds),
            "moving " + RunSummaryText.duration(progress.movingSeconds),
            RunSummaryText.kilometers(progress.distanceMeters),
            "pace " + RunSummaryText.pace(progress.currentPaceSecondsPerKilometer),
            "avg " + RunSummaryText.pace(progress.averagePaceSecondsPerKilometer),
            "split \(progress.currentSplitIndex): " + RunSummaryText.kilometers(progress.currentSplitDistanceMeters)
                + " " + RunSummaryText.duration(progress.currentSplitMovingSeconds),
        ]
        switch progress.state {
        case .paused: parts.append("[paused]")
        case .idle: parts.append("[waiting for a fix]")
        default: if progress.isStopped { parts.append("[stopped]") }
        }
        return parts.joined(separator: "  ")
    }
}
