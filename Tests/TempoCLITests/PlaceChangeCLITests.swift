import Foundation
import Testing

/// `places add` on an existing place changes only what is given; a landmark must lie in its spot.
@Suite struct PlaceChangeCLITests {
    private func places(_ tempo: TempoBinary) throws -> [String: [String: Any]] {
        let list = try #require(try tempo.run("places", "list", "--json").json() as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0) })
    }

    /// The README's example, as written there.
    private func readmeExample(_ tempo: TempoBinary) throws {
        #expect(try tempo.run("places", "add", "Busan", "--at", "35.1796,129.0756", "--radius", "15km").status == 0)
        let jagalchi = try tempo.run("places", "add", "Jagalchi", "--at", "35.0966,129.0306", "--radius", "1km", "--spot", "Busan", "--badge", "fish-market")
        #expect(jagalchi.status == 0, "\(jagalchi.stderr)")
        let gamcheon = try tempo.run("places", "add", "Gamcheon", "--at", "35.0975,129.0106", "--radius", "300m", "--spot", "Busan", "--badge", "village")
        #expect(gamcheon.status == 0, "\(gamcheon.stderr)")
    }

    @Test func changingTheRadiusKeepsTheSpotAndBadge() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try readmeExample(tempo)
        let changed = try tempo.run("places", "add", "Jagalchi", "--radius", "800m")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout == "updated landmark Jagalchi: radius 1.0 km → 800 m\n")
        let jagalchi = try #require(try places(tempo)["Jagalchi"])
        #expect(jagalchi["spot"] as? String == "Busan")
        #expect(jagalchi["badge"] as? String == "fish-market")
        #expect(jagalchi["radius_m"] as? Double == 800)
        #expect(jagalchi["latitude"] as? Double == 35.0966)

        let again = try tempo.run("places", "add", "Jagalchi", "--radius", "800m")
        #expect(again.stdout == "unchanged landmark Jagalchi\n")
        let badge = try tempo.run("places", "add", "Jagalchi", "--badge", "market", "--units", "imperial", "--radius", "0.5km")
        #expect(badge.stdout == "updated landmark Jagalchi: radius 2625 ft → 1640 ft, badge fish-market → market\n", "\(badge.stdout)")
    }

    @Test func aNewPlaceNeedsACentreAndARadius() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        let result = try tempo.run("places", "add", "Nowhere", "--radius", "1km")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'Nowhere' is a new place: give --at LAT,LON and --radius"))
    }

    /// Seoul City Hall (37.5663,126.9779) lies about 325 km from Busan's centre (GeographicLib:
    /// Geodesic.WGS84.Inverse(35.1796,129.0756,37.5663,126.9779) → 324,903 m).
    @Test func aLandmarkOutsideItsSpotIsRefusedWithTheDistance() throws {
        let tempo = try TempoBinary()
        defer { tempo.cleanUp() }
        try readmeExample(tempo)
        let before = tempo.snapshot()
        let result = try tempo.run("places", "add", "CityHall", "--at", "37.5663,126.9779", "--radius", "200m", "--spot", "Busan")
        #expect(result.status != 0)
        #expect(result.stderr.contains("'CityHall' lies outside its spot 'Busan' (324903 m from its centre, radius 15000 m)"), "\(result.stderr)")
        #expect(tempo.snapshot() == before)
        // Moving an existing landmark out is refused the same way.
        let moved = try tempo.run("places", "add", "Jagalchi", "--at", "37.5663,126.9779")
        #expect(moved.status != 0)
        #expect(try places(tempo)["Jagalchi"]?["latitude"] as? Double == 35.0966)
    }
}
