import Foundation
import TempoKit

/// Watches the stored places on a stream of fixes: fixes → `RegionMonitor` (persisted in the
/// database) → badges → a handler per event. Reusable by anything that has fixes (`places
/// watch`, `run record --places`, a server).
///
/// `start` opens the monitor "places" from the database and brings its conditions in line with
/// the places table (new or changed places start `unknown`; states of unchanged places are kept,
/// so a restarted process reports nothing it already reported). Every state change is committed
/// before the handler sees it.
///
/// The badge rule is TempoKit's `BadgeAward` (shared with the server): entering a place that
/// names a badge awards it, at most once ever (the badge table's unique key); the event carries
/// the badge only when this entry earned it. A place's window is the monitor's (see `MonitorCore`).
public struct PlacesSession: Sendable {
    /// Receives each event after it is persisted (and its badge, if any, awarded).
    public typealias Handler = @Sendable (PlacesEvent) async throws -> Void

    /// The monitor's name in the database.
    public static let monitorName = "places"

    /// The store the monitor's state and the badges are written to.
    public let database: AppDatabase
    /// The monitor over the stored places.
    public let monitor: RegionMonitor
    private let places: [String: Place]
    private let handler: Handler

    /// Opens the monitor and reconciles it with the places table.
    ///
    /// - Parameters:
    ///   - policy: which fixes to trust; give live sources a `maximumFixAgeSeconds`.
    ///   - handler: called once per event, in order.
    public static func start(database: AppDatabase, policy: MonitorPolicy = MonitorPolicy(), handler: @escaping Handler)
        async throws -> PlacesSession
    {
        let monitor = try RegionMonitor(named: monitorName, persistence: PlaceMonitorStore(database: database), policy: policy)
        let places = try database.places()
        let byName = Dictionary(places.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for identifier in await monitor.identifiers where byName[identifier] == nil {
            try await monitor.remove(identifier)
        }
        for place in places where await monitor.record(for: place.name)?.condition != place.condition {
            try await monitor.add(place.condition, identifier: place.name)
        }
        return PlacesSession(database: database, monitor: monitor, places: byName, handler: handler)
    }

    /// Feeds one fix; returns the events it caused (already handled).
    ///
    /// - Parameter now: the caller's clock (UTC): dates fixes without a time and judges staleness.
    @discardableResult
    public func process(_ fix: LocationFix, now: Date) async throws -> [PlacesEvent] {
        var handled: [PlacesEvent] = []
        for event in try await monitor.process(fix, now: now) {
            let place = places[event.identifier]
            var awarded: String?
            if let award = BadgeAward.earned(by: event, at: place),
               try database.awardBadge(award.badge, place: award.place, spot: award.spot, at: award.earnedAt,
                                       where: award.coordinate) != nil {
                awarded = award.badge
            }
            let placesEvent = PlacesEvent(
                identifier: event.identifier, state: event.state, time: event.date,
                latitude: event.fix.latitude, longitude: event.fix.longitude,
                accuracyMeters: event.fix.horizontalAccuracyMeters, kind: place?.isSpot == false ? "landmark" : "spot",
                spot: place?.spot, badgeAwarded: awarded)
            try await handler(placesEvent)
            handled.append(placesEvent)
        }
        return handled
    }

    /// Feeds every fix of `fixes` until it ends (or throws); `now` (the caller's wall clock) is
    /// read once per fix.
    public func run<Fixes: AsyncSequence>(_ fixes: Fixes, now: @Sendable () -> Date) async throws
    where Fixes.Element == LocationFix {
        for try await fix in fixes {
            try await process(fix, now: now())
        }
    }
}
