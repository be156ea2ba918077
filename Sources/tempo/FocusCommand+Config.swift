import ArgumentParser
import Foundation
import TempoKit
import TempoStore

extension FocusCommand {
    /// `focus config [--tz ZONE] [--day-start HH:MM] [--goal DURATION]`.
    struct Config: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show or change the zone, day start, daily goal and growth thresholds (history is re-bucketed, never changed).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "IANA time zone (Europe/Berlin); not a fixed offset.") var tz: String?
        @Option(name: .customLong("day-start"), help: "HH:MM at which each day starts (00:00 to 23:59).") var dayStart: String?
        @Option(help: "Daily goal (2h, 1h30m, 90m; none for no goal).") var goal: String?
        @Option(help: "Growth thresholds, comma-separated durations from 0 (0,25m,1h,2h,4h).") var growth: String?
        @OptionGroup var output: OutputOptions

        func run() async throws {
            // Everything is checked before the transaction, so bad input changes nothing.
            let zone = try tz.map { try FocusContext.zoneIdentifier($0) }
            let start = try dayStart.map { try DayTime(parsing: $0) }
            let newGoal = try goal.map { text -> Duration? in
                do { return try Preferences.goal(text) } catch { throw ValidationError("--goal: \(error)") }
            }
            let thresholds = try growth.map { text -> [Duration] in
                let values = try text.split(separator: ",").map { try duration(String($0), "--growth") }
                guard values.first == .zero, zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    throw ValidationError("--growth must start at 0 and increase (0,25m,1h,2h,4h)")
                }
                return values
            }
            let database = try global.openDatabase()
            let settings = try database.updateFocusSettings(defaults: FocusContext.defaultSettings()) { settings in
                if let zone { settings.timeZoneIdentifier = zone }
                if let start { settings.dayStart = start }
                if let newGoal { settings.goal = newGoal }
                if let thresholds { settings.growthThresholds = thresholds }
            }
            if output.json {
                try JSONOutput.print(FocusSettingsJSON(settings))
            } else {
                print("tz \(settings.timeZoneIdentifier)")
                print("day start \(settings.dayStart)")
                print("goal \(settings.goal.map { ClockText.duration($0) } ?? "none")")
                print("growth \(settings.growthThresholds.map { ClockText.duration($0) }.joined(separator: ", "))")
            }
        }

        private func duration(_ text: String, _ option: String) throws -> Duration {
            do { return try DurationParser.duration(text) } catch { throw ValidationError("\(option): \(error.description)") }
        }
    }
}

/// Focus settings as JSON.
struct FocusSettingsJSON: Encodable {
    let tz: String
    let dayStart: String
    let goalS: Double?
    let growthThresholdsS: [Double]

    init(_ settings: FocusSettings) {
        tz = settings.timeZoneIdentifier
        dayStart = settings.dayStart.description
        goalS = settings.goal?.timeInterval
        growthThresholdsS = settings.growthThresholds.map(\.timeInterval)
    }

    enum CodingKeys: String, CodingKey {
        case tz, dayStart = "day_start", goalS = "goal_s", growthThresholdsS = "growth_thresholds_s"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tz, forKey: .tz)
        try container.encode(dayStart, forKey: .dayStart)
        try container.encode(goalS, forKey: .goalS)
        try container.encode(growthThresholdsS, forKey: .growthThresholdsS)
    }
}
