import TempoKit

/// Collects streamed `ActivityElement`s into an `Activity`, dropping empty segments.
public struct ActivityBuilder: Sendable {
    private var activity = Activity()
    private var current: [LocationFix] = []

    public init() {}

    /// Adds one element in file order.
    public mutating func add(_ element: ActivityElement) {
        switch element {
        case .fix(let fix): current.append(fix)
        case .endSegment: closeSegment()
        case .lap(let lap): activity.laps.append(lap)
        case .waypoint(let waypoint): activity.waypoints.append(waypoint)
        case .sport(let sport): if activity.sport == nil { activity.sport = sport }
        case .session(let session): activity.sessions.append(session)
        case .name(let name): if activity.name == nil { activity.name = name }
        case .deviceSummary(let summary): activity.deviceSummary = activity.deviceSummary.map { $0.adding(summary) } ?? summary
        }
    }

    /// The activity collected so far, with the open segment closed.
    public mutating func finish() -> Activity {
        closeSegment()
        var finished = activity
        // A file that names its sport only per session (FIT) has the first session's sport.
        if finished.sport == nil { finished.sport = finished.sessions.first { $0.sport != nil }?.sport }
        return finished
    }

    private mutating func closeSegment() {
        guard !current.isEmpty else { return }
        activity.segments.append(current)
        current = []
    }
}
