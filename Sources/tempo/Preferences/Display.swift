import Foundation
import TempoKit
import TempoToolCore

/// How numbers and instants read in text output: the units and zone of the preferences (or of
/// `--units`), the one place distances, paces, heights, durations and local times are formatted.
///
/// JSON never goes through here: it keeps metres, seconds and UTC instants.
struct Display: Sendable {
    /// Units of distances, paces and heights.
    var units: UnitSystem
    /// The zone local times are shown in.
    var zone: TimeZone

    /// Metres in a mile (international mile).
    static let metersPerMile = 1609.344
    /// Metres in a foot (international foot).
    static let metersPerFoot = 0.3048

    /// Metric, in `zone` (tests and defaults).
    init(units: UnitSystem = .metric, zone: TimeZone) {
        self.units = units
        self.zone = zone
    }

    /// The split unit when `--splits` is not given: miles for imperial units.
    var defaultSplitUnit: SplitUnit { units == .imperial ? .mile : .kilometer }

    /// The distance unit's symbol: `km` or `mi`.
    var distanceUnit: String { units == .metric ? "km" : "mi" }

    /// `5.00 km` or `3.11 mi`.
    func distance(_ meters: Double) -> String {
        units == .metric ? String(format: "%.2f km", meters / 1000) : String(format: "%.2f mi", meters / Self.metersPerMile)
    }

    /// `8:53 /km` or `14:18 /mi` from seconds per kilometre; `–` when there is no pace.
    func pace(secondsPerKilometer: Double?) -> String {
        guard let value = secondsPerKilometer, value.isFinite, value < 360_000 else { return "–" }
        let perUnit = units == .metric ? value : value * Self.metersPerMile / 1000
        return ClockText.pace(seconds: perUnit) + " /\(distanceUnit)"
    }

    /// A height or climb: `511 m` or `1677 ft`.
    func height(_ meters: Double) -> String {
        units == .metric ? String(format: "%.0f m", meters) : String(format: "%.0f ft", meters / Self.metersPerFoot)
    }

    /// A radius or a distance between places: metres (feet) under a kilometre (mile), else km (mi).
    func length(_ meters: Double) -> String {
        switch units {
        case .metric: meters < 1000 ? String(format: "%.0f m", meters) : String(format: "%.1f km", meters / 1000)
        case .imperial: meters < Self.metersPerMile ? String(format: "%.0f ft", meters / Self.metersPerFoot)
            : String(format: "%.1f mi", meters / Self.metersPerMile)
        }
    }

    /// `0:21:05`: every duration shown to people.
    func duration(_ seconds: Double?) -> String {
        seconds.map { ClockText.duration(seconds: $0) } ?? "–"
    }

    /// Local times in ``zone`` (see ``WallTime``).
    var wallTime: WallTime { WallTime(zone: zone) }

    /// `2026-11-21 18:49:05` in the zone; in a DST fold the offset follows.
    func instant(_ date: Date) -> String { wallTime.instant(date) }

    /// `2026-11-21`, the local date of `date`.
    func date(_ date: Date) -> String { wallTime.date(date) }

    /// `18:49`, the local wall time of `date` (offset added in a fold).
    func time(_ date: Date) -> String { wallTime.time(date) }

    /// `18:30:05` when `date` is on the same local day as `now`, else ``instant(_:)``.
    func describe(_ date: Date, relativeTo now: Date) -> String { wallTime.describe(date, relativeTo: now) }
}
