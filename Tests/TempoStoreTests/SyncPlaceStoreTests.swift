import Foundation
import Testing
import TempoKit
import TempoStore

/// Places in the store's side of sync: offered spots first until acknowledged, removals offered
/// once acknowledged, and a pulled definition replacing the local one of its name.
@Suite struct SyncPlaceStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z

    @Test func placesAreOfferedSpotsFirstUntilAcknowledgedAndPulledOnesReplaceTheirName() throws {
        let database = try AppDatabase.inMemory()
        let seoul = try Place(name: "Seoul", center: Coordinate(latitude: 37.5665, longitude: 126.978), radiusMeters: 10_000)
        let palace = try Place(name: "Gyeongbokgung", center: Coordinate(latitude: 37.5796, longitude: 126.977), radiusMeters: 300,
                               spot: "Seoul", badge: "palace")
        try database.savePlaces([palace, seoul], at: t0)
        #expect(try database.syncOutbox() == [.place(SyncedPlace(seoul)), .place(SyncedPlace(palace))])
        try database.acknowledgePush(.place(SyncedPlace(seoul)))
        try database.acknowledgePush(.place(SyncedPlace(palace)))
        #expect(try database.syncOutbox() == [])

        // Another device's definition of the palace replaces this one's, and is settled.
        var moved = palace
        moved.radiusMeters = 500
        #expect(try database.applyPulled([.place(SyncedPlace(moved))], cursor: 2) == 1)
        #expect(try database.places() == [seoul, moved])
        #expect(try database.syncOutbox() == [])
        #expect(try database.applyPulled([.place(SyncedPlace(moved))], cursor: 3) == 0)

        try database.removePlace(named: "Gyeongbokgung")
        #expect(try database.syncOutbox() == [.placeDeleted(name: "Gyeongbokgung")])
        try database.acknowledgePush(.placeDeleted(name: "Gyeongbokgung"))
        #expect(try database.syncOutbox() == [])
        #expect(try database.applyPulled([.placeDeleted(name: "Seoul")], cursor: 4) == 1)
        #expect(try database.places().isEmpty)
    }
}
