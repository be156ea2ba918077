import Foundation
import TempoKit

/// How an activity's fixes are analysed: where its laps start, its sport, and where the sport
/// changes (a multisport file's sessions).
public struct RunPlan: Sendable, Hashable {
    /// Where the second and later laps start (UTC); the first starts with the run.
    public var lapStarts: [Date]
    /// The sport's name as used: the one a user gave, else the file's (what a store keeps).
    public var sportName: String?
    /// Each session's sport from its start (UTC), in time order; empty when a user's sport overrides the file's.
    public var sportChanges: [SportChange]
    /// The filter and stop-detector settings, with the sport as the prior before the first change.
    public var settings: RunSettings

    /// The plan for `activity`; `sport`, when given, overrides every sport the file names.
    public init(activity: Activity, autoPause: Bool = true, sport: Sport? = nil) {
        lapStarts = activity.laps.dropFirst().compactMap(\.startTime)
        sportName = sport?.rawValue ?? activity.sport
        sportChanges = sport == nil ? activity.sessions.compactMap { session in
            session.startTime.map { SportChange(at: $0, sport: session.sport.flatMap(Sport.init(name:))) }
        } : []
        settings = RunSettings(sportNamed: sportName)
        settings.autoPause = autoPause
    }
}
