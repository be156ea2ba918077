import Foundation
import Testing
import TempoKit

/// The monitor's rules, with expected values from GeographicLib (see `PlaceOracle`).
@Suite struct PlaceMonitorCoreTests {
    let oracle = PlaceOracle.shared
    let t0 = Date(timeIntervalSince1970: 1_795_255_200)

    @Test func geodesicDistanceAgreesWithGeographicLib() {
        for pair in oracle.distances {
            let d = Geodesic.distance(Coordinate(latitude: pair.lat1, longitude: pair.lon1),
                                      Coordinate(latitude: pair.lat2, longitude: pair.lon2))
            #expect(abs(d - pair.s12_m) < 0.001, "\(pair)")
        }
    }

    /// Must show: two minutes along a landmark's edge with ±15 m of noise (fixes reporting 15 m
    /// accuracy), then clearly inside, then clearly out → exactly one satisfied and one unsatisfied,
    /// at the fixes the GeographicLib distances say.
    @Test func edgeWalkWithNoiseFiresExactlyOnceEachWay() throws {
        let walk = oracle.edge_walk
        var core = MonitorCore()
        let center = Coordinate(latitude: walk.center.latitude, longitude: walk.center.longitude)
        let condition = try CircularCondition(center: center, radiusMeters: walk.radius_m)
        core.add(condition, identifier: "Eiffel Tower")
        var events: [(Int, MonitorEvent)] = []
        for (i, fix) in walk.fixes.enumerated() {
            for event in core.process(fix.locationFix, now: t0).events { events.append((i, event)) }
        }
        #expect(events.map(\.1.state) == [.satisfied, .unsatisfied])
        let buffer = CircularCondition.defaultExitBufferMeters(radiusMeters: walk.radius_m)
        let firstIn = walk.fixes.firstIndex { $0.distance_m! + $0.accuracy_m <= walk.radius_m }
        let firstOut = walk.fixes.firstIndex { $0.distance_m! - $0.accuracy_m >= walk.radius_m + buffer }
        #expect(firstIn == 120 && firstOut == 140, "the oracle's track is as designed")
        #expect(events.map(\.0) == [firstIn, firstOut])
        #expect(core.record(for: "Eiffel Tower")?.state == .unsatisfied)
        #expect(core.record(for: "Eiffel Tower")?.lastEvent?.date == t0.addingTimeInterval(140))
    }

    /// Must show: a trip through 25 landmarks (more than iOS monitors) fires all 25, each once,
    /// at the first fix GeographicLib puts convincingly inside.
    @Test func tripThroughTwentyFiveLandmarksFiresEachOnce() throws {
        let trip = oracle.trip
        var core = MonitorCore()
        for landmark in trip.landmarks {
            core.add(try CircularCondition(center: Coordinate(latitude: landmark.latitude, longitude: landmark.longitude),
                                           radiusMeters: landmark.radius_m), identifier: landmark.name)
        }
        var satisfied: [String: [Int]] = [:], unsatisfied: [String: Int] = [:]
        for (i, fix) in trip.fixes.enumerated() {
            for event in core.process(fix.locationFix, now: t0).events {
                if event.state == .satisfied { satisfied[event.identifier, default: []].append(i) }
                else { unsatisfied[event.identifier, default: 0] += 1 }
            }
        }
        #expect(satisfied.count == 25)
        for landmark in trip.landmarks {
            #expect(satisfied[landmark.name] == [landmark.first_inside_fix], "\(landmark.name)")
            #expect(unsatisfied[landmark.name] == 1, "\(landmark.name)")
        }
    }

    @Test(arguments: [0.5, 1_000_000.5, .nan, .infinity, -3])
    func radiusOutsideOneMetreToOneThousandKilometresIsRefused(radius: Double) {
        #expect(throws: PlaceError.self) {
            try CircularCondition(center: Coordinate(latitude: 10, longitude: 10), radiusMeters: radius)
        }
    }

    @Test(arguments: [1.0, 1_000_000])
    func radiusLimitsAreAccepted(radius: Double) throws {
        let condition = try CircularCondition(center: Coordinate(latitude: 10, longitude: 10), radiusMeters: radius)
        #expect(condition.exitBufferMeters == max(20, radius / 10))
    }

    @Test func badCentreIsRefused() {
        #expect(throws: PlaceError.invalidCenter(latitude: 91, longitude: 0)) {
            try CircularCondition(center: Coordinate(latitude: 91, longitude: 0), radiusMeters: 100)
        }
    }

    // A 1 km circle; points due north at known distances along the meridian. GeographicLib:
    // Inverse(48.8584, 2.2945, 49.3584, 2.2945) × 2 = 111,211.84 m per degree here, so these
    // distances are right to a centimetre (e.g. 1,106 m → 1,106.004 m), far inside the margins.
    let center = Coordinate(latitude: 48.8584, longitude: 2.2945)
    func fix(_ metersNorth: Double, _ seconds: Double, accuracy: Double? = 5) -> LocationFix {
        LocationFix(time: t0.addingTimeInterval(seconds),
                    coordinate: Coordinate(latitude: center.latitude + metersNorth / 111_211.84, longitude: center.longitude),
                    horizontalAccuracyMeters: accuracy)
    }

    @Test func inaccurateStaleAndOutOfOrderFixesAreIgnored() throws {
        var core = MonitorCore(policy: MonitorPolicy(maximumFixAgeSeconds: 30))
        core.add(try CircularCondition(center: center, radiusMeters: 1000), identifier: "a")
        #expect(core.process(fix(0, 100, accuracy: 150), now: t0.addingTimeInterval(100)).verdict == .tooInaccurate)
        #expect(core.process(fix(0, 10), now: t0.addingTimeInterval(100)).verdict == .stale)
        #expect(core.process(fix(0, 100), now: t0.addingTimeInterval(100)).events.map(\.state) == [.satisfied])
        #expect(core.process(fix(5000, 99), now: t0.addingTimeInterval(101)).verdict == .outOfOrder)
        #expect(core.process(fix(5000, 100), now: t0.addingTimeInterval(101)).verdict == .outOfOrder)
        #expect(core.record(for: "a")?.state == .satisfied)
        #expect(core.verdictCounts[.accepted] == 1)
    }

    @Test func fixWithoutAccuracyCountsAsTenMetres() throws {
        var core = MonitorCore()
        core.add(try CircularCondition(center: center, radiusMeters: 1000), identifier: "a")
        #expect(core.process(fix(992, 1, accuracy: nil), now: t0).events.isEmpty, "992 + 10 > 1000")
        #expect(core.process(fix(985, 2, accuracy: nil), now: t0).events.map(\.state) == [.satisfied])
    }

    @Test func hysteresisBandChangesNothing() throws {
        var core = MonitorCore()
        core.add(try CircularCondition(center: center, radiusMeters: 1000), identifier: "a")
        #expect(core.process(fix(900, 1), now: t0).events.map(\.state) == [.satisfied])
        // Exit needs d − a ≥ 1000 + 100 (buffer is 10 % of 1 km).
        for (i, d) in [1000.0, 1050, 1100, 1104].enumerated() {
            #expect(core.process(fix(d, Double(2 + i)), now: t0).events.isEmpty, "\(d)")
        }
        #expect(core.process(fix(1106, 10), now: t0).events.map(\.state) == [.unsatisfied])
        #expect(core.process(fix(996, 11), now: t0).events.isEmpty, "996 + 5 > 1000")
        #expect(core.process(fix(994, 12), now: t0).events.map(\.state) == [.satisfied])
    }

    @Test func dwellNeedsAnUnbrokenRunOfInsideFixes() throws {
        var core = MonitorCore()
        core.add(try CircularCondition(center: center, radiusMeters: 1000, dwellSeconds: 30), identifier: "a")
        #expect(core.process(fix(0, 0), now: t0).events.isEmpty)
        #expect(core.process(fix(0, 20), now: t0).events.isEmpty)
        #expect(core.process(fix(999, 25), now: t0).events.isEmpty, "in the band: breaks the run")
        #expect(core.process(fix(0, 40), now: t0).events.isEmpty, "a new run starts")
        #expect(core.process(fix(0, 69), now: t0).events.isEmpty)
        #expect(core.process(fix(0, 70), now: t0).events.map(\.date) == [t0.addingTimeInterval(70)])
    }

    @Test func oneShotConditionIsRemovedOnceSatisfied() throws {
        var core = MonitorCore()
        core.add(try CircularCondition(center: center, radiusMeters: 3000, isOneShot: true), identifier: "frame")
        let step = core.process(fix(0, 1), now: t0)
        #expect(step.events.map(\.state) == [.satisfied])
        #expect(step.removedIdentifiers == ["frame"])
        #expect(core.identifiers.isEmpty)
        #expect(core.process(fix(10_000, 2), now: t0).events.isEmpty)
    }

    @Test func assumedSatisfiedReportsLeavingAndAssumedUnknownDoesNot() throws {
        var core = MonitorCore()
        let condition = try CircularCondition(center: center, radiusMeters: 1000)
        core.add(condition, identifier: "home", assuming: .satisfied)
        core.add(condition, identifier: "other")
        let events = core.process(fix(5000, 1), now: t0).events
        #expect(events.map(\.identifier) == ["home"])
        #expect(events.map(\.state) == [.unsatisfied])
        #expect(core.record(for: "other")?.state == .unknown)
    }

    @Test func removingAndReAddingReusesSlotsCleanly() throws {
        var core = MonitorCore()
        let condition = try CircularCondition(center: center, radiusMeters: 1000)
        core.add(condition, identifier: "a")
        #expect(core.process(fix(0, 1), now: t0).events.count == 1)
        let removed = core.remove("a"), removedAgain = core.remove("a")
        #expect(removed && !removedAgain)
        core.add(try CircularCondition(center: Coordinate(latitude: 10, longitude: 10), radiusMeters: 50), identifier: "b")
        #expect(core.process(fix(0, 2), now: t0).events.isEmpty)
        #expect(core.process(fix(5000, 3), now: t0).events.isEmpty, "b reuses a's slot but not its state")
        #expect(core.identifiers == ["b"])
    }

    @Test func eventDateOfAFixWithoutTimeIsNow() throws {
        var core = MonitorCore()
        core.add(try CircularCondition(center: center, radiusMeters: 1000), identifier: "a")
        let now = t0.addingTimeInterval(42)
        let untimed = LocationFix(time: nil, coordinate: center, horizontalAccuracyMeters: 5)
        #expect(core.process(untimed, now: now).events.map(\.date) == [now])
    }
}
