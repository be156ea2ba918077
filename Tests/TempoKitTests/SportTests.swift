import Foundation
import TempoKit
import Testing

/// `Sport(name:)` over the names files and people give sports.
@Suite struct SportTests {
    /// Strava activity types (GPX `<type>` as Strava writes it, and its `sport_type`s).
    static let stravaTypes: [(String, Sport?)] = [
        ("Run", .running), ("TrailRun", .running), ("VirtualRun", .running),
        ("Walk", .walking), ("Hike", .hiking), ("Snowshoe", .hiking),
        ("Ride", .cycling), ("VirtualRide", .cycling), ("EBikeRide", .cycling), ("MountainBikeRide", .cycling),
        ("EMountainBikeRide", .cycling), ("GravelRide", .cycling), ("Handcycle", .cycling), ("Velomobile", .cycling),
        ("NordicSki", .skiing), ("AlpineSki", .skiing), ("BackcountrySki", .skiing), ("RollerSki", .skiing),
        ("Snowboard", .skiing), ("IceSkate", .skiing), ("InlineSkate", .skiing),
        ("Swim", .swimming),
        // Types that say nothing about how fast GPS fixes move: inferred from the speeds.
        ("Workout", nil), ("WeightTraining", nil), ("Yoga", nil), ("Crossfit", nil), ("Elliptical", nil),
        ("StairStepper", nil), ("Rowing", nil), ("Kayaking", nil), ("Canoeing", nil), ("Golf", nil),
    ]

    /// TCX `Sport` attributes.
    static let tcxSports: [(String, Sport?)] = [("Running", .running), ("Biking", .cycling), ("Other", nil)]

    /// FIT `sport` and `sub_sport` names as `FITReader` reports them.
    static let fitNames: [(String, Sport?)] = [
        ("generic", nil), ("running", .running), ("cycling", .cycling), ("transition", .transition),
        ("fitness_equipment", nil), ("swimming", .swimming), ("training", nil), ("walking", .walking),
        ("cross_country_skiing", .skiing), ("alpine_skiing", .skiing), ("snowboarding", .skiing), ("rowing", nil),
        ("mountaineering", .hiking), ("hiking", .hiking), ("multisport", nil), ("e_biking", .cycling),
        ("inline_skating", .skiing), ("ice_skating", .skiing), ("snowshoeing", .hiking),
        ("wheelchair_push_walk", .walking), ("wheelchair_push_run", .running),
        ("treadmill", .running), ("indoor_running", .running), ("indoor_cycling", .cycling), ("cyclocross", .cycling),
        ("hand_cycling", .cycling), ("track_cycling", .cycling), ("gravel_cycling", .cycling), ("e_bike_mountain", .cycling),
        ("lap_swimming", .swimming), ("open_water", .swimming), ("indoor_walking", .walking), ("casual_walking", .walking),
        ("speed_walking", .walking), ("skate_skiing", .skiing), ("indoor_skiing", .skiing),
    ]

    @Test(arguments: stravaTypes + tcxSports + fitNames)
    func readsTheName(name: String, sport: Sport?) {
        #expect(Sport(name: name) == sport, "\(name)")
    }

    @Test(arguments: Sport.allCases)
    func readsItsOwnName(sport: Sport) {
        #expect(Sport(name: sport.rawValue) == sport)
        #expect(Sport(name: sport.rawValue.uppercased()) == sport)
    }

    @Test func emptyAndGenericNamesSayNothing() {
        for name in ["", " ", "-", "generic", "Generic", "other"] { #expect(Sport(name: name) == nil, "\(name)") }
    }
}
