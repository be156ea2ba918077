import Foundation
import TempoKit

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

    /// `2026-11-21 18:49:05` in the zone; when that wall time happens twice (a DST fold) the
    /// offset follows (`2026-11-01 01:30:00 -04:00`) so the instant is never in doubt.
    func instant(_ date: Date) -> String {
        let text = formatted(date, "yyyy-MM-dd HH:mm:ss")
        return isAmbiguous(date) ? text + " " + formatted(date, "xxx") : text
    }

    /// `2026-11-21`, the local date of `date`.
    func date(_ date: Date) -> String { formatted(date, "yyyy-MM-dd") }

    /// `18:49`, the local wall time of `date` (offset added in a fold).
    func time(_ date: Date) -> String {
        let text = formatted(date, "HH:mm")
        return isAmbiguous(date) ? text + " " + formatted(date, "xxx") : text
    }

    /// Whether the wall time of `date` also names another instant in the zone (a DST fold).
    func isAmbiguous(_ date: Date) -> Bool {
        let offset = zone.secondsFromGMT(for: date)
        let wall = date.addingTimeInterval(TimeInterval(offset))
        // Zones change offset at most once in a few hours; the offsets a day either side cover a fold.
        for probe in [-86_400.0, 86_400.0] {
            let other = zone.secondsFromGMT(for: date.addingTimeInterval(probe))
            guard other != offset else { continue }
            let candidate = wall.addingTimeInterval(-TimeInterval(other))
            if zone.secondsFromGMT(for: candidate) == other { return true }
        }
        return false
    }

    private func formatted(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
