import TempoKit

/// The live line of `run record`: elapsed, moving time, distance, current and average pace,
/// and the split being run.
enum RunLiveLine {
    /// The line for `progress`, in the units of `display`.
    static func render(_ progress: RunProgress, display: Display) -> String {
        var parts = [
            display.duration(progress.elapsedSeconds),
            "moving " + display.duration(progress.movingSeconds),
            display.distance(progress.distanceMeters),
            "pace " + display.pace(secondsPerKilometer: progress.currentPaceSecondsPerKilometer),
            "avg " + display.pace(secondsPerKilometer: progress.averagePaceSecondsPerKilometer),
            "split \(progress.currentSplitIndex): " + display.distance(progress.currentSplitDistanceMeters)
                + " " + display.duration(progress.currentSplitMovingSeconds),
        ]
        switch progress.state {
        case .paused: parts.append("[paused]")
        case .idle: parts.append("[waiting for a fix]")
        default: if progress.isStopped { parts.append("[stopped]") }
        }
        return parts.joined(separator: "  ")
    }
}
