import Foundation
import TempoKit
import TempoToolCore

/// How a run summary reads for people: headline numbers, then splits, laps and best efforts, in
/// the units and zone of `display`.
struct RunSummaryText {
    /// Units and zone.
    var display: Display

    /// The whole summary, under `title`.
    func render(_ summary: RunSummary, title: String? = nil) -> String {
        var lines: [String] = []
        if let title { lines.append(TerminalText.escaped(title)) }
        var headline: [(String, String)] = [
            ("Started", summary.startedAt.map(display.instant) ?? "–"),
            ("Sport", Self.sport(summary.sport, inferred: summary.sportInferred)),
            ("Distance", distanceWithUntimed(summary.distanceMeters, untimed: summary.untimedDistanceMeters)),
            ("Elapsed", display.duration(summary.elapsedSeconds)),
            ("Timer", display.duration(summary.timerSeconds)),
            ("Moving", display.duration(summary.movingSeconds)),
            ("Avg pace", display.pace(secondsPerKilometer: summary.averagePaceSecondsPerKilometer)
                + (summary.untimedDistanceMeters >= 1 && summary.averagePaceSecondsPerKilometer != nil ? " (timed part)" : "")),
            ("Ascent / descent", summary.elevationGainMeters.map { gain in
                "\(display.height(gain)) / \(display.height(summary.elevationLossMeters ?? 0))" } ?? "–"),
            ("Points", "\(summary.points) in \(summary.segments) segment\(summary.segments == 1 ? "" : "s")"),
        ]
        headline += SensorText(display: display).headline(summary.sensors)
        lines += Table(header: ["", ""], rows: headline.map { [$0.0, $0.1] }).render().split(separator: "\n").dropFirst().map(String.init)
        if !summary.dropped.isEmpty {
            lines.append("Dropped: " + summary.dropped.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
        }
        if !summary.sports.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Sport", "From", "Distance", "Moving", "Pace"], rows: summary.sports.map { part in
                [Self.sport(part.sport, inferred: part.sportInferred), part.startedAt.map(display.instant) ?? "–",
                 display.distance(part.distanceMeters), display.duration(part.movingSeconds),
                 display.pace(secondsPerKilometer: part.movingSeconds.flatMap { Pace.secondsPerKilometer(seconds: $0, meters: part.distanceMeters) })]
            }).render())
        }
        if !summary.splits.isEmpty {
            let sensors = SensorText(display: display).columns(summary.splits.map(\.sensors))
            lines.append("")
            lines.append(Table(header: ["Split (\(summary.splitUnit.rawValue))", "Distance", "Time", "Moving", "Pace"] + sensors.header,
                               rows: summary.splits.enumerated().map { row($1, splitDisplay(for: summary.splitUnit)) + sensors.rows[$0] }).render())
        }
        if !summary.laps.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Lap", "Distance", "Time", "Moving", "Pace"], rows: summary.laps.map { row($0, display) }).render())
        }
        if !summary.bestEfforts.isEmpty {
            lines.append("")
            lines.append(Table(header: ["Best effort", "Time", "Pace", "From"], rows: summary.bestEfforts.map { effort in
                [Self.effortName(effort.distanceMeters), display.duration(effort.elapsedSeconds),
                 display.pace(secondsPerKilometer: Pace.secondsPerKilometer(seconds: effort.elapsedSeconds, meters: effort.distanceMeters)),
                 display.duration(effort.startOffsetSeconds)]
            }).render())
        }
        if summary.untimedDistanceMeters >= 1 {
            lines.append("")
            lines.append("\(display.distance(summary.untimedDistanceMeters)) of fixes without times count in the distance only "
                + "(not in pace, split times or best efforts).")
        }
        return lines.joined(separator: "\n")
    }

    /// `13.80 km (8.35 km untimed)`, or the distance alone when it is all timed.
    private func distanceWithUntimed(_ meters: Double, untimed: Double) -> String {
        distanceWithUntimed(meters, untimed: untimed, display: display)
    }

    private func distanceWithUntimed(_ meters: Double, untimed: Double, display: Display) -> String {
        untimed >= 1 ? "\(display.distance(meters)) (\(display.distance(untimed)) untimed)" : display.distance(meters)
    }

    /// Splits read in their own unit: `--splits mi` prints miles and minutes per mile.
    private func splitDisplay(for unit: SplitUnit) -> Display {
        var split = display
        split.units = unit == .mile ? .imperial : .metric
        return split
    }

    private func row(_ split: RunSplit, _ display: Display) -> [String] {
        ["\(split.index)", distanceWithUntimed(split.distanceMeters, untimed: split.untimedDistanceMeters, display: display),
         split.elapsedSeconds == nil && split.untimedDistanceMeters >= 1 ? "untimed" : display.duration(split.elapsedSeconds),
         display.duration(split.movingSeconds), display.pace(secondsPerKilometer: split.paceSecondsPerKilometer)]
    }

    /// The sport's name, marked when it was inferred from the speeds.
    static func sport(_ sport: Sport?, inferred: Bool) -> String {
        guard let sport else { return "–" }
        return inferred ? "\(sport.rawValue) (inferred)" : sport.rawValue
    }

    /// A best effort's distance, by its usual name.
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
