import Foundation

/// One part of an activity done in one sport, from its start: a FIT session (a multisport file
/// has one per leg and per transition) or a TCX `<Activity>`/`<Transition>` of a multisport session.
public struct ActivitySession: Sendable, Hashable, Codable {
    /// When the session started (UTC), if the file says.
    public var startTime: Date?
    /// The sport as the file names it (FIT `sport`, or its `sub_sport` when only that names a
    /// motion, e.g. `fitness_equipment`/`treadmill`; TCX `Sport`); `nil` when it names none.
    public var sport: String?

    /// A session starting at `startTime` (UTC) in `sport`.
    public init(startTime: Date? = nil, sport: String? = nil) {
        self.startTime = startTime
        self.sport = sport
    }
}
