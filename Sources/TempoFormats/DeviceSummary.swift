import Foundation

/// The totals a device wrote for a whole activity (FIT session message). Every field is optional:
/// a file states what it states. These are the device's numbers, useful as a cross-check.
public struct DeviceSummary: Sendable, Hashable, Codable {
    /// When the activity started (UTC).
    public var startTime: Date?
    /// Total distance, metres.
    public var distanceMeters: Double?
    /// Wall-clock duration, seconds.
    public var elapsedSeconds: Double?
    /// Duration without pauses, seconds.
    public var timerSeconds: Double?
    /// Total ascent, metres.
    public var ascentMeters: Double?
    /// Total descent, metres.
    public var descentMeters: Double?

    public init(
        startTime: Date? = nil,
        distanceMeters: Double? = nil,
        elapsedSeconds: Double? = nil,
        timerSeconds: Double? = nil,
        ascentMeters: Double? = nil,
        descentMeters: Double? = nil
    ) {
        self.startTime = startTime
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
    }

    /// The totals of this and `other` together (two sessions of one activity): the earlier start,
    /// and each total summed where both have it (else the one there is).
    public func adding(_ other: DeviceSummary) -> DeviceSummary {
        func sum(_ a: Double?, _ b: Double?) -> Double? {
            guard let a else { return b }
            return b.map { a + $0 } ?? a
        }
        let start: Date? = switch (startTime, other.startTime) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
        return DeviceSummary(
            startTime: start, distanceMeters: sum(distanceMeters, other.distanceMeters),
            elapsedSeconds: sum(elapsedSeconds, other.elapsedSeconds), timerSeconds: sum(timerSeconds, other.timerSeconds),
            ascentMeters: sum(ascentMeters, other.ascentMeters), descentMeters: sum(descentMeters, other.descentMeters))
    }
}
