import Foundation
import TempoFormats
import TempoKit

/// Summarising a GPX, TCX or FIT file from `Data` (what a document picker or share sheet gives).
@main
struct SummariseRun {
    static func main() throws {
        let path = CommandLine.arguments.dropFirst().first ?? "Tests/Fixtures/runs/run-3laps.tcx"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let summary = try ActivityFile.summary(of: data)  // the format is recognised from the bytes
        let kilometres = summary.distanceMeters / 1000
        let moving = ClockText.format(seconds: summary.movingSeconds ?? 0)
        print("\(kilometres.formatted(.number.precision(.fractionLength(2)))) km in \(moving) moving")
        for split in summary.splits {
            print("split", split.index, ClockText.format(seconds: split.elapsedSeconds ?? 0))
        }
    }
}
