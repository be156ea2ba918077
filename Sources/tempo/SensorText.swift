import Foundation
import TempoKit

/// Heart rate, cadence, power and temperature for people: headline rows and split columns.
struct SensorText {
    /// Temperature follows the units: °C metric, °F imperial.
    var display: Display

    /// `Heart rate  142 avg / 171 max bpm` rows for the sensors the run has.
    func headline(_ sensors: SensorSummary) -> [(String, String)] {
        channels.compactMap { channel in
            sensors[keyPath: channel.path].map { (channel.title, "\(value($0.average, channel)) avg / \(value($0.maximum, channel)) max \(unit(channel))") }
        }
    }

    /// Split columns (`HR`, `Cad`, …: the average) for the sensors any split has.
    func columns(_ splits: [SensorSummary]) -> (header: [String], rows: [[String]]) {
        let present = channels.filter { channel in splits.contains { $0[keyPath: channel.path] != nil } }
        return (present.map { "\($0.column) (\(unit($0)))" },
                splits.map { split in present.map { channel in split[keyPath: channel.path].map { value($0.average, channel) } ?? "–" } })
    }

    /// One sensor: its title, split column and unit.
    private struct Channel {
        var title: String
        var column: String
        var path: KeyPath<SensorSummary, SensorStatistic?>
        var unit: String
    }

    private let channels = [
        Channel(title: "Heart rate", column: "HR", path: \.heartRate, unit: "bpm"),
        Channel(title: "Cadence", column: "Cad", path: \.cadence, unit: "/min"),
        Channel(title: "Power", column: "Power", path: \.power, unit: "W"),
        Channel(title: "Temperature", column: "Temp", path: \.temperature, unit: "°C"),
    ]

    private func isTemperature(_ channel: Channel) -> Bool { channel.path == \SensorSummary.temperature }

    private func unit(_ channel: Channel) -> String {
        isTemperature(channel) && display.units == .imperial ? "°F" : channel.unit
    }

    private func value(_ number: Double, _ channel: Channel) -> String {
        guard isTemperature(channel) else { return String(format: "%.0f", number) }
        return String(format: "%.1f", display.units == .imperial ? number * 9 / 5 + 32 : number)
    }
}
