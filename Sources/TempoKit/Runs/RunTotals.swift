import Foundation

/// Totals of the runs started in one period: how many, how far, how long moving, how much climbed.
///
/// Metres and seconds; a run without a number (no times, no altitudes) adds nothing to that total.
public struct RunTotals: Sendable, Hashable, Encodable {
    /// The period's name (`2026-W47`, `2026-11`).
    public var period: String
    /// When the period starts (UTC instant of its local start).
    public var start: Date
    /// Runs started in the period.
    public var count: Int
    /// Metres.
    public var distanceMeters: Double
    /// Moving seconds.
    public var movingSeconds: Double
    /// Metres climbed.
    public var elevationGainMeters: Double

    /// One run's numbers, as the totals take them.
    public struct Run: Sendable {
        /// When it started.
        public var startedAt: Date
        /// Metres.
        public var distanceMeters: Double?
        /// Moving seconds.
        public var movingSeconds: Double?
        /// Metres climbed.
        public var elevationGainMeters: Double?

        /// A run's numbers.
        public init(startedAt: Date, distanceMeters: Double?, movingSeconds: Double?, elevationGainMeters: Double?) {
            self.startedAt = startedAt
            self.distanceMeters = distanceMeters
            self.movingSeconds = movingSeconds
            self.elevationGainMeters = elevationGainMeters
        }
    }

    /// The totals of `runs` per `period` in `zone`, oldest period first; periods without runs are left out.
    public static func grouping(_ runs: [Run], by period: RunPeriod, in zone: TimeZone) -> [RunTotals] {
        var byName: [String: RunTotals] = [:]
        for run in runs {
            let (start, name) = period.period(of: run.startedAt, in: zone)
            var totals = byName[name] ?? RunTotals(period: name, start: start, count: 0, distanceMeters: 0, movingSeconds: 0, elevationGainMeters: 0)
            totals.count += 1
            totals.distanceMeters += run.distanceMeters ?? 0
            totals.movingSeconds += run.movingSeconds ?? 0
            totals.elevationGainMeters += run.elevationGainMeters ?? 0
            byName[name] = totals
        }
        return byName.values.sorted { $0.start < $1.start }
    }

    private enum CodingKeys: String, CodingKey {
        case period, start, count, distanceMeters = "distance_m", movingSeconds = "moving_s", elevationGainMeters = "elevation_gain_m"
    }
}
