import Foundation
import TempoFormats
import TempoKit
import Testing

/// Expected values: the fixtures README (device laps) and, for point counts and trackpoints'
/// `DistanceMeters`, Python's ElementTree over the file (383 of 384 trackpoints have a position).
@Suite struct TCXReaderTests {
    @Test func pointsLapsAndSport() throws {
        let activity = try ActivityFile.read(Fixtures.url("run-3laps.tcx"))
        #expect(activity.pointCount == 383)
        // Three <Track>s, one per lap: lap boundaries are not pauses, so one segment.
        #expect(activity.segments.count == 1)
        #expect(activity.sport == "Running")
        #expect(activity.laps.count == 3)
        let distances = activity.laps.map { ($0.distanceMeters ?? 0) * 100 }.map { $0.rounded() / 100 }
        #expect(distances == [1609.34, 1609.34, 1470.55])
        #expect(activity.laps.map(\.timerSeconds) == [608.47, 714.80, 669.51])
        // 2012-12-26T21:29:53Z = 1356557393 s since 1970 (`date -u -d 2012-12-26T21:29:53Z +%s`).
        #expect(activity.laps.first?.startTime == Date(timeIntervalSince1970: 1_356_557_393))
        let first = try #require(activity.segments.first?.first)
        #expect(first.latitude == 35.951880198 && first.longitude == -79.0931872185)
        #expect(first.altitudeMeters == 178.942626953)
        #expect(first.heartRateBPM == 62)
        #expect(first.time == Date(timeIntervalSince1970: 1_356_557_393))
        // A trackpoint's DistanceMeters is the device's odometer (a lap's is its total).
        let fixes = activity.allFixes
        #expect([0, 100, 382].map { fixes[$0].deviceDistanceMeters } == [0.0, 1074.77709961, 4686.31103516])
    }

    @Test func secondTrackInALapIsAPause() throws {
        let url = try TempFile.write("pause.tcx", """
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Biking"><Lap StartTime="2020-01-01T00:00:00Z">
            <TotalTimeSeconds>10</TotalTimeSeconds>
            <Track><Trackpoint><Time>2020-01-01T00:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees>
              <LongitudeDegrees>2</LongitudeDegrees></Position><Cadence>80</Cadence></Trackpoint>
              <Trackpoint><Time>2020-01-01T00:00:01Z</Time></Trackpoint></Track>
            <Track><Trackpoint><Time>2020-01-01T00:05:00Z</Time><Position><LatitudeDegrees>1.1</LatitudeDegrees>
              <LongitudeDegrees>2.1</LongitudeDegrees></Position></Trackpoint></Track>
            </Lap></Activity></Activities></TrainingCenterDatabase>
            """)
        let activity = try ActivityFile.read(url)
        #expect(activity.segments.map(\.count) == [1, 1])
        #expect(activity.segments.first?.first?.cadencePerMinute == 80)
        #expect(activity.laps == [ActivityLap(startTime: Date(timeIntervalSince1970: 1_577_836_800), timerSeconds: 10)])
    }
}
