import Foundation
import TempoKit
import TempoStore
import Testing

/// The badge rule of ``PlacesSession``: entering a place that names a badge earns it, once ever.
@Suite struct PlacesSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_795_255_200)
    let palace = Coordinate(latitude: 37.5796, longitude: 126.9770)

    /// A fix `metersNorth` of the palace (1° of latitude there is 110,993.26 m), `seconds` after t0.
    private func fix(_ metersNorth: Double, _ seconds: Double) -> LocationFix {
        LocationFix(time: t0 + seconds, coordinate: Coordinate(latitude: palace.latitude + metersNorth / 110_993.26,
                                                               longitude: palace.longitude), horizontalAccuracyMeters: 5)
    }

    @Test func enteringAPlaceEarnsItsBadgeOnceEver() async throws {
        let database = try AppDatabase.inMemory()
        try database.savePlaces([
            try Place(name: "Seoul", center: palace, radiusMeters: 30_000),
            try Place(name: "Gyeongbokgung", center: palace, radiusMeters: 500, spot: "Seoul", badge: "palace"),
        ], at: t0)
        let session = try await PlacesSession.start(database: database) { _ in }
        let entered = try await session.process(fix(0, 0), now: t0)
        #expect(Set(entered.map(\.identifier)) == ["Seoul", "Gyeongbokgung"])
        let palaceEntry = try #require(entered.first { $0.identifier == "Gyeongbokgung" })
        #expect(palaceEntry.badgeAwarded == "palace" && palaceEntry.kind == "landmark" && palaceEntry.spot == "Seoul")
        #expect(entered.first { $0.identifier == "Seoul" }?.badgeAwarded == nil)
        // Leaving and coming back: reported again, the badge not again.
        let left = try await session.process(fix(2000, 60), now: t0 + 60)
        #expect(left.map(\.state) == [.unsatisfied] && left.first?.badgeAwarded == nil)
        let back = try await session.process(fix(0, 120), now: t0 + 120)
        #expect(back.map(\.identifier) == ["Gyeongbokgung"] && back.first?.badgeAwarded == nil)
        #expect(try database.badges().map(\.badge) == ["palace"])
    }

    @Test func theJSONKeysAreSnakeCaseWithUnits() throws {
        let event = PlacesEvent(identifier: "Seoul", state: .satisfied, time: t0, latitude: 1, longitude: 2,
                                accuracyMeters: 5, kind: "spot", spot: nil, badgeAwarded: "b")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let json = String(decoding: try encoder.encode(event), as: UTF8.self)
        #expect(json == #"{"accuracy_m":5,"badge_awarded":"b","identifier":"Seoul","kind":"spot","latitude":1,"longitude":2,"state":"satisfied","time":1795255200}"#)
    }
}
