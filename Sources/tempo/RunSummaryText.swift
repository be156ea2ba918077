import Foundation
import TempoKit

/// How a run summary reads for people: headline numbers, then splits, laps and best efforts.
enum RunSummaryText {
    static func render(_ summary: RunSummary, title: String? = nil) -> String {
        var lines: [String] = []
        if let title { lines.append(TerminalText.escaped(title)) }
        let headline: [(String, String)] = [
            ("Sport", sport(summary.sport, inferred: summary.sportInferred)),
            ("Distance", kilometers(summary.distanceMeters)),
            ("Elapsed", duration(summary.elapsedSeconds)),
            ("Timer", duration(summary.timerSeconds)),
            ("Moving", duration(summary.movingSeconds)),
            ("Avg pace", pace(summary.averagePaceSecondsPerKilometer)),
            ("Ascent / descent", summary.elevationGainMeters.map { gain in
                String(format: "%.0f m / %.0f m", gain, summary.elevationLossMeters ?? 0) } ?? "–"),
            ("Points", "\(summary.points) in \(summary.segments) segment\(summary.segments == 1 ? "" : "s")"),
        ]
        lines += Table(header: ["", ""], rows: headline.map { [$0.0, $0.1] }).render().split(separator: "\n").dropFirst().map(String.init)
        if !summary.dropped.isEmpty {
            lines.append("Dropped: " + summary.dropped.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
        }
        if !summary.sports.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Sport", "From (UTC)", "Distance", "Moving", "Pace"], rows: summary.sports.map { part in
                [sport(part.sport, inferred: part.sportInferred), part.startedAt.map(JSONOutput.iso8601) ?? "–",
                 kilometers(part.distanceMeters), duration(part.movingSeconds),
                 pace(part.movingSeconds.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: part.distanceMeters) })]
            }).render())
        }
        if !summary.splits.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Split (\(summary.splitUnit.rawValue))", "Distance", "Time", "Moving", "Pace"],
                               rows: summary.splits.map(row)).render())
        }
        if !summary.laps.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Lap", "Distance", "Time", "Moving", "Pace"], rows: summary.laps.map(row)).render())
        }
        if !summary.bestEfforts.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Best effort", "Time", "Pace", "From"], rows: summary.bestEfforts.map { effort in
                [effortName(effort.distanceMeters), duration(effort.elapsedSeconds),
                 pace(Pace.secondsPerKilometer(seconds: effort.elapsedSeconds, meters: effort.distanceMeters)),
                 duration(effort.startOffsetSeconds)]
            }).render())
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ split: RunSplit) -> [String] {
        ["\(split.index)", kilometers(split.distanceMeters), duration(split.elapsedSeconds), duration(split.movingSeconds),
         pace(split.paceSecondsPerKilometer)]
    }

    /// The sport's name, marked when it was inferred from the speeds.
    static func sport(_ sport: Sport?, inferred: Bool) -> String {
        guard let sport else { return "–" }
        return inferred ? "\(sport.rawValue) (inferred)" : sport.rawValue
    }

    static func kilometers(_ meters: Double) -> String { String(format: "%.2f km", meters / 1000) }

    static func duration(_ seconds: Double?) -> String {
        seconds.map { ClockText.format(seconds: $0) } ?? "–"
    }

    static func pace(_ secondsPerKilometer: Double?) -> String {
        guard let value = secondsPerKilometer, value.isFinite, value < 360_000 else { return "–" }
        return ClockText.format(seconds: value) + " /km"
    }

    static func effortName(_ meters: Double) -> String {
        switch meters {
        case 1609.344: "1 mile"
        case 21_097.5: "half marathon"
        case 42_195: "marathon"
        case ..<1000: String(format: "%.0f m", meters)
        default: String(format: "%.0f km", meters / 1000)
        }
    }
}
