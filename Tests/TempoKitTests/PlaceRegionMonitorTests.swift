import Foundation
import Testing
import TempoKit

/// The CLMonitor-shaped actor: persistence by name, the events sequence, driving from a sequence.
@Suite struct PlaceRegionMonitorTests {
    let center = Coordinate(latitude: 37.5796, longitude: 126.9770)
    let t0 = Date(timeIntervalSince1970: 1_795_255_200)

    func fix(_ metersNorth: Double, _ seconds: Double) -> LocationFix {
        // 1° of latitude here is 110,993.26 m (GeographicLib Inverse, ±1 cm over these distances).
        LocationFix(time: t0.addingTimeInterval(seconds),
                    coordinate: Coordinate(latitude: center.latitude + metersNorth / 110_993.26, longitude: center.longitude),
                    horizontalAccuracyMeters: 5)
    }

    @Test func reopeningByNameRestoresConditionsStatesAndLastEvents() async throws {
        let store = InMemoryMonitorPersistence()
        let first = try RegionMonitor(named: "trip", persistence: store)
        try await first.add(try CircularCondition(center: center, radiusMeters: 1000), identifier: "Gyeongbokgung")
        try await first.add(try CircularCondition(center: center, radiusMeters: 3000, isOneShot: true), identifier: "Seoul")
        let entered = try await first.process(fix(0, 1), now: t0)
        #expect(Set(entered.map(\.identifier)) == ["Gyeongbokgung", "Seoul"])

        let second = try RegionMonitor(named: "trip", persistence: store)
        #expect(await second.identifiers == ["Gyeongbokgung"], "the one-shot frame was removed once satisfied")
        let record = await second.record(for: "Gyeongbokgung")
        #expect(record?.state == .satisfied)
        #expect(record?.lastEvent?.date == t0.addingTimeInterval(1))
        #expect(try await second.process(fix(10, 2), now: t0).isEmpty, "no duplicate after a restart")
        #expect(try await second.process(fix(5000, 3), now: t0).map(\.state) == [.unsatisfied])
        #expect(try await RegionMonitor(named: "other", persistence: store).identifiers.isEmpty)
    }

    @Test(.timeLimit(.minutes(3)))
    func eventsForASequenceOfFixesArriveThereOnce() async throws {
        let monitor = try RegionMonitor(named: "m", persistence: InMemoryMonitorPersistence())
        try await monitor.add(try CircularCondition(center: center, radiusMeters: 500), identifier: "a")
        let fixes = AsyncStream<LocationFix> { continuation in
            for (i, d) in [2000.0, 100, 120, 900, 2000].enumerated() { continuation.yield(fix(d, Double(i))) }
            continuation.finish()
        }
        var received: [ConditionState] = []
        for try await event in monitor.events(for: fixes, now: { Date(timeIntervalSince1970: 0) }) {
            received.append(event.state)
        }
        #expect(received == [.satisfied, .unsatisfied])
        #expect(await monitor.record(for: "a")?.lastEvent?.state == .unsatisfied)
    }

    /// Two sources feeding one monitor: each gets the events of its own fixes, and the events
    /// a direct `process` call returned show up in no sequence.
    @Test(.timeLimit(.minutes(3)))
    func eachEventIsDeliveredToTheFeederOfItsFixOnly() async throws {
        let monitor = try RegionMonitor(named: "m", persistence: InMemoryMonitorPersistence())
        try await monitor.add(try CircularCondition(center: center, radiusMeters: 500), identifier: "a")
        let (first, firstFixes) = AsyncStream.makeStream(of: LocationFix.self)
        let (second, secondFixes) = AsyncStream.makeStream(of: LocationFix.self)
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
        let firstEvents = Task {
            var seen: [ConditionState] = []
            for try await event in monitor.events(for: first, now: now) { seen.append(event.state) }
            return seen
        }
        let secondEvents = Task {
            var seen: [ConditionState] = []
            for try await event in monitor.events(for: second, now: now) { seen.append(event.state) }
            return seen
        }
        firstFixes.yield(fix(100, 1))      // enters: the first source's event
        firstFixes.finish()
        #expect(try await firstEvents.value == [.satisfied])
        #expect(try await monitor.process(fix(2000, 2), now: now()).map(\.state) == [.unsatisfied])
        secondFixes.yield(fix(2000, 3))    // still outside: nothing
        secondFixes.yield(fix(50, 4))      // enters again: the second source's event
        secondFixes.finish()
        #expect(try await secondEvents.value == [.satisfied])
    }

    /// Reopening by name with the default storage restores conditions and states, so the same
    /// position reports nothing a second time.
    @Test func reopeningByNameWithTheDefaultStorageRestoresState() async throws {
        let name = "reopen-\(UUID().uuidString)"
        let first = try RegionMonitor(named: name)
        try await first.add(try CircularCondition(center: center, radiusMeters: 1000), identifier: "palace")
        #expect(try await first.process(fix(0, 1), now: t0).map(\.state) == [.satisfied])

        let reopened = try RegionMonitor(named: name)
        #expect(await reopened.identifiers == ["palace"])
        #expect(await reopened.record(for: "palace")?.state == .satisfied)
        #expect(try await reopened.process(fix(20, 2), now: t0).isEmpty, "already inside: no second event")
        #expect(try await RegionMonitor(named: "never-opened-\(UUID().uuidString)").identifiers.isEmpty)
    }

    @Test func emptyIdentifierIsRefused() async throws {
        let monitor = try RegionMonitor(named: "m", persistence: InMemoryMonitorPersistence())
        await #expect(throws: PlaceError.emptyIdentifier) {
            try await monitor.add(try CircularCondition(center: center, radiusMeters: 500), identifier: "")
        }
    }

    struct FailingPersistence: MonitorPersistence {
        struct Broken: Error {}
        func loadConditions(monitor name: String) throws -> [ConditionRecord] { [] }
        func saveCondition(_ record: ConditionRecord, monitor name: String) throws { throw Broken() }
        func deleteCondition(identifier: String, monitor name: String) throws { throw Broken() }
        func saveEvents(_ events: [MonitorEvent], unreported: [MonitorEvent], removed: [String], monitor name: String) throws {
            throw Broken()
        }
    }

    @Test func persistenceFailureIsReportedAndNothingAdded() async throws {
        let monitor = try RegionMonitor(named: "m", persistence: FailingPersistence())
        await #expect(throws: PlaceError.self) {
            try await monitor.add(try CircularCondition(center: center, radiusMeters: 500), identifier: "a")
        }
        #expect(await monitor.identifiers.isEmpty)
    }
}
