import Foundation
import TempoFormats
import TempoKit
import Testing

/// Sessions: each part of an activity with its sport from its start, as FIT session messages
/// and TCX multisport activities give them, and the plan an analysis takes from them.
@Suite struct ActivitySessionTests {
    /// fenix2-multisport.fit's sessions: sports and device distances from the fixtures README;
    /// start times (session field 2) decoded independently of `FITReader` (a 60-line Python
    /// reading of the FIT protocol), as seconds since 1970 (`date -u -d 2015-08-29T08:00:01Z +%s`…).
    static let multisport: [(sport: String, start: TimeInterval, meters: Double)] = [
        ("generic", 1_440_835_201, 25_072.07), ("transition", 1_440_844_224, 224.24), ("running", 1_440_844_560, 2_245.23),
        ("transition", 1_440_846_856, 3.63), ("running", 1_440_846_861, 12_740.37), ("transition", 1_440_853_627, 617.55),
        ("cycling", 1_440_853_897, 28_928.27),
    ]

    @Test func aMultisportFITFileHasOneSessionPerLegWithItsStart() throws {
        let activity = try ActivityFile.read(Fixtures.url("fenix2-multisport.fit"))
        #expect(activity.pointCount == 24_235)
        #expect(activity.sessions.map(\.sport) == Self.multisport.map(\.sport))
        #expect(activity.sessions.map(\.startTime) == Self.multisport.map { Date(timeIntervalSince1970: $0.start) })
        // The first session's sport is the file's; the device's totals are the sessions' sum.
        #expect(activity.sport == "generic")
        let summary = try #require(activity.deviceSummary)
        #expect(abs((summary.distanceMeters ?? 0) - 69_831.36) < 0.01)
        #expect(abs((summary.elapsedSeconds ?? 0) - 24_617.46) < 0.01)
        #expect(summary.ascentMeters == 1_579 && summary.descentMeters == 1_584)
        #expect(summary.startTime == Date(timeIntervalSince1970: Self.multisport[0].start))
    }

    @Test func theSessionsAreTheAnalysisSportChanges() throws {
        let plan = RunPlan(activity: try ActivityFile.read(Fixtures.url("fenix2-multisport.fit")))
        #expect(plan.sportChanges.map(\.sport) == [nil, .transition, .running, .transition, .running, .transition, .cycling])
        #expect(plan.sportChanges.map(\.at) == Self.multisport.map { Date(timeIntervalSince1970: $0.start) })
        #expect(plan.sportName == "generic")
        #expect(plan.settings.sport == nil)
        // A sport the user gives holds for the whole run.
        let overridden = RunPlan(activity: try ActivityFile.read(Fixtures.url("fenix2-multisport.fit")), sport: .cycling)
        #expect(overridden.sportChanges.isEmpty)
        #expect(overridden.sportName == "cycling")
        #expect(overridden.settings.sport == .cycling)
    }

    /// The streamed summary learns the sessions in a first pass (they follow their records) and
    /// gives what the whole-file analysis gives with the same plan.
    @Test func theStreamedSummaryIsCutAtTheSessions() throws {
        let url = Fixtures.url("fenix2-multisport.fit")
        let streamed = try ActivityFile.summary(of: url)
        let activity = try ActivityFile.read(url)
        let plan = RunPlan(activity: activity)
        #expect(streamed == RunAnalysis.summarize(
            segments: activity.segments, lapStarts: plan.lapStarts, sportChanges: plan.sportChanges, settings: plan.settings))
        #expect(streamed.sports.map(\.sport) == [.running, .transition, .running, .transition, .running, .transition, .cycling])
        #expect(streamed.sports.map(\.sportInferred) == [true, false, false, false, false, false, false])
        #expect(try ActivityFile.summary(of: url, sport: .running).sports.isEmpty)
    }

    @Test func aSingleSportFITFileHasOneSession() throws {
        let ride = try ActivityFile.read(Fixtures.url("edge500-ride.fit"))
        #expect(ride.sessions == [ActivitySession(startTime: Date(timeIntervalSince1970: 1_316_955_621), sport: "cycling")])
        #expect(ride.sport == "cycling")
        #expect(abs((ride.deviceSummary?.distanceMeters ?? 0) - 92_622.34) < 1e-9)
        let summary = try ActivityFile.summary(of: Fixtures.url("edge500-ride.fit"))
        #expect(summary.sport == .cycling && !summary.sportInferred && summary.sports.isEmpty)
    }

    /// A session's `sub_sport` names the motion only where its `sport` does not.
    @Test(arguments: [
        (UInt8(4), UInt8(1), "treadmill"), (1, 3, "running"), (0, 0xFF, "generic"), (10, 6, "indoor_cycling"),
        (99, 17, "lap_swimming"), (99, 0xFF, nil), (0xFF, 0xFF, nil), (5, 18, "swimming"), (4, 15, "fitness_equipment"),
        (15, 14, "rowing"),
    ] as [(UInt8, UInt8, String?)])
    func subSportRefinesASportThatSaysNothing(sport: UInt8, subSport: UInt8, name: String?) throws {
        var fit = FITTestFile()
        fit.define(local: 0, global: 18, fields: [(2, 4, 0x86), (5, 1, 0x00), (6, 1, 0x00)])
        fit.data(local: 0, FITTestFile.le32(UInt32(1_000_000_000)) + [sport, subSport])
        let activity = try ActivityFile.read(TempFile.write("session.fit", fit.file()))
        #expect(activity.sessions == [ActivitySession(
            startTime: Date(timeIntervalSince1970: 631_065_600 + 1_000_000_000), sport: name)])
    }

    @Test func aMultisportTCXFileHasASessionPerActivityAndTransition() throws {
        func point(_ time: String, _ latitude: Double) -> String {
            "<Trackpoint><Time>\(time)</Time><Position><LatitudeDegrees>\(latitude)</LatitudeDegrees>"
                + "<LongitudeDegrees>14.5</LongitudeDegrees></Position></Trackpoint>"
        }
        let url = try TempFile.write("multisport.tcx", """
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><MultiSportSession><Id>2020-01-01T00:00:00Z</Id>
            <FirstSport><Activity Sport="Running"><Id>2020-01-01T00:00:00Z</Id><Lap StartTime="2020-01-01T00:00:00Z">
              <Track>\(point("2020-01-01T00:00:00Z", 46.0))\(point("2020-01-01T00:10:00Z", 46.02))</Track></Lap>
              <Lap StartTime="2020-01-01T00:10:00Z"><Track>\(point("2020-01-01T00:20:00Z", 46.04))</Track></Lap>
            </Activity></FirstSport>
            <NextSport><Transition StartTime="2020-01-01T00:20:00Z"><TotalTimeSeconds>60</TotalTimeSeconds></Transition>
            <Activity Sport="Biking"><Id>2020-01-01T00:21:00Z</Id><Lap StartTime="2020-01-01T00:21:00Z">
              <Track>\(point("2020-01-01T00:21:00Z", 46.04))\(point("2020-01-01T00:31:00Z", 46.1))</Track></Lap>
            </Activity></NextSport>
            </MultiSportSession></Activities></TrainingCenterDatabase>
            """)
        let activity = try ActivityFile.read(url)
        let start = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01T00:00:00Z
        #expect(activity.sessions == [
            ActivitySession(startTime: start, sport: "Running"),
            ActivitySession(startTime: start.addingTimeInterval(1200), sport: "transition"),
            ActivitySession(startTime: start.addingTimeInterval(1260), sport: "Biking"),
        ])
        #expect(activity.sport == "Running")
        let summary = try ActivityFile.summary(of: url)
        #expect(summary.sports.map(\.sport) == [.running, .transition, .cycling])
        #expect(summary.sports.map(\.startedAt) == [start, start.addingTimeInterval(1200), start.addingTimeInterval(1260)])
    }
}
