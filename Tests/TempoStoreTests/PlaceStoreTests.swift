import Foundation
import GRDB
import Testing
import TempoKit
import TempoStore
import TempoTestSupport

/// Places, monitor persistence and badges in SQLite.
@Suite struct PlaceStoreTests {
    let now = Date(timeIntervalSince1970: 1_795_255_200)
    let seoul = Coordinate(latitude: 37.5665, longitude: 126.9780)

    func places() throws -> [Place] {
        [try Place(name: "Seoul", center: seoul, radiusMeters: 3000),
         try Place(name: "Gyeongbokgung", center: Coordinate(latitude: 37.5796, longitude: 126.9770), radiusMeters: 1000,
                   spot: "Seoul", badge: "palace")]
    }

    @Test func savingTheSamePlacesTwiceChangesNothing() throws {
        let database = try AppDatabase.inMemory()
        let first = try database.savePlaces(places(), at: now)
        #expect(first.added == ["Seoul", "Gyeongbokgung"])
        let second = try database.savePlaces(places(), at: now)
        #expect(second.added.isEmpty && second.updated.isEmpty && second.unchanged.count == 2)
        var moved = try places()
        moved[1].radiusMeters = 500
        #expect(try database.savePlaces(moved, at: now).updated == ["Gyeongbokgung"])
        #expect(try database.places().map(\.name) == ["Seoul", "Gyeongbokgung"])
    }

    @Test func landmarkOfAnUnknownSpotIsRefusedAndNothingSaved() throws {
        let database = try AppDatabase.inMemory()
        let orphan = try Place(name: "Namsan", center: seoul, radiusMeters: 500, spot: "Busan")
        #expect(throws: StoreError.self) { try database.savePlaces([try places()[0], orphan], at: now) }
        #expect(try database.places().isEmpty)
    }

    @Test func spotWithLandmarksCannotBeRemoved() throws {
        let database = try AppDatabase.inMemory()
        try database.savePlaces(places(), at: now)
        #expect(throws: StoreError.self) { try database.removePlace(named: "Seoul") }
        #expect(throws: StoreError.notFound(kind: "place", reference: "Busan")) { try database.removePlace(named: "Busan") }
        try database.removePlace(named: "Gyeongbokgung")
        try database.removePlace(named: "Seoul")
        #expect(try database.places().isEmpty)
    }

    @Test func badgeIsAwardedOnceEver() throws {
        let database = try AppDatabase.inMemory()
        let first = try database.awardBadge("palace", place: "Gyeongbokgung", spot: "Seoul", at: now, where: seoul)
        #expect(first?.badge == "palace")
        #expect(try database.awardBadge("palace", place: "Gyeongbokgung", spot: "Seoul", at: now + 60, where: seoul) == nil)
        let badges = try database.badges()
        #expect(badges.count == 1)
        #expect(badges.first?.earnedAt == now)
    }

    /// A process restarted mid-track reopens the monitor from the file and reports nothing twice.
    @Test func monitorStateSurvivesARestart() async throws {
        let path = TestDirectory.root.appendingPathComponent("tempo-places-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 1° of latitude near Seoul is 110,993.26 m (GeographicLib Inverse), so these offsets are metres.
        func fix(_ metersNorth: Double, _ seconds: Double) -> LocationFix {
            LocationFix(time: now + seconds, coordinate: Coordinate(latitude: seoul.latitude + metersNorth / 110_993.26,
                                                                   longitude: seoul.longitude), horizontalAccuracyMeters: 5)
        }
        do {
            let monitor = try RegionMonitor(named: "places", persistence: PlaceMonitorStore(database: try AppDatabase.open(path: path)))
            try await monitor.add(try CircularCondition(center: seoul, radiusMeters: 1000), identifier: "Seoul")
            try await monitor.add(try CircularCondition(center: seoul, radiusMeters: 5000, dwellSeconds: 10, isOneShot: true),
                                  identifier: "frame")
            #expect(try await monitor.process(fix(0, 0), now: now).map(\.identifier) == ["Seoul"])
            #expect(try await monitor.process(fix(0, 10), now: now).map(\.identifier) == ["frame"])
        }
        let reopened = try RegionMonitor(named: "places", persistence: PlaceMonitorStore(database: try AppDatabase.open(path: path)))
        #expect(await reopened.identifiers == ["Seoul"])
        let record = await reopened.record(for: "Seoul")
        #expect(record?.state == .satisfied)
        #expect(record?.lastEvent?.date == now)
        #expect(record?.lastEvent?.fix.horizontalAccuracyMeters == 5)
        #expect(try await reopened.process(fix(10, 20), now: now).isEmpty)
        #expect(try await reopened.process(fix(3000, 30), now: now).map(\.state) == [.unsatisfied])
        let again = try RegionMonitor(named: "places", persistence: PlaceMonitorStore(database: try AppDatabase.open(path: path)))
        #expect(await again.record(for: "Seoul")?.state == .unsatisfied)
    }
}
