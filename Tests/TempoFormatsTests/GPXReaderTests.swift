import Foundation
import TempoFormats
import TempoKit
import Testing

/// Point counts: `grep -o '<trkpt' FILE | wc -l` and the fixtures README; segment counts by reading the
/// files' `<trk>`/`<trkseg>` structure by eye (the first `<trk>` of the hike files holds one empty segment).
@Suite struct GPXReaderTests {
    @Test(arguments: [
        ("hike-4tracks.gpx", 871, 3),
        ("hike-8tracks.gpx", 296, 7),
        ("hike-8tracks-no-elevation.gpx", 296, 7),
        ("hike-8tracks-no-times.gpx", 296, 7),
        ("empty-segment.gpx", 9, 1),
        ("unicode-bom.gpx", 0, 0),
    ])
    func pointAndSegmentCounts(file: String, points: Int, segments: Int) throws {
        let activity = try ActivityFile.read(Fixtures.url(file))
        #expect(activity.pointCount == points)
        #expect(activity.segments.count == segments)
        #expect(activity.segments.allSatisfy { !$0.isEmpty })
    }

    @Test func fourTracksAreNeverJoined() throws {
        // hike-4tracks.gpx has four <trk>; the first holds only an empty <trkseg>, so three segments remain.
        let activity = try ActivityFile.read(Fixtures.url("hike-4tracks.gpx"))
        #expect(activity.segments.map(\.count).reduce(0, +) == 871)
        #expect(activity.segments.count == 3)
        #expect(activity.name == "03-OCT-10")
        #expect(activity.waypoints.count == 2)
        // Some points have no <time>: 514 <time> elements, one of them the file's own.
        #expect(activity.allFixes.filter { $0.time != nil }.count == 513)
    }

    @Test func firstPointFieldsAreRead() throws {
        let fix = try #require(ActivityFile.read(Fixtures.url("empty-segment.gpx")).segments.first?.first)
        #expect(fix.latitude == 50.7772126)
        #expect(fix.longitude == 6.0819695)
        #expect(fix.altitudeMeters == 191.5999756)
        // 2013-07-06T17:26:26Z = 1373131586 s since 1970 (`date -u -d 2013-07-06T17:26:26Z +%s`).
        #expect(fix.time == Date(timeIntervalSince1970: 1_373_131_586))
    }

    @Test func fileWithoutTimesGivesNilTimes() throws {
        let fixes = try ActivityFile.read(Fixtures.url("hike-8tracks-no-times.gpx")).allFixes
        #expect(fixes.count == 296)
        // The file keeps <time> on 5 track points (`grep -c '<time' ` gives 6 with the file's own).
        #expect(fixes.filter { $0.time == nil }.count == 291)
        #expect(fixes.allSatisfy { $0.altitudeMeters != nil })
    }

    @Test func fileWithoutElevationGivesNilAltitude() throws {
        let fixes = try ActivityFile.read(Fixtures.url("hike-8tracks-no-elevation.gpx")).allFixes
        #expect(fixes.allSatisfy { $0.altitudeMeters == nil })
        #expect(fixes.filter { $0.time != nil }.count == 295)
    }

    @Test func byteOrderMarkFileReadsItsWaypoint() throws {
        let activity = try ActivityFile.read(Fixtures.url("unicode-bom.gpx"))
        #expect(activity.segments.isEmpty)
        let waypoint = try #require(activity.waypoints.first)
        #expect(waypoint.name == "test")
        #expect(waypoint.fix.latitude == 43.309634)
        #expect(waypoint.fix.altitudeMeters == -14.6)
        // 2016-05-27T10:08:47.8Z = 1464343727.8 s since 1970.
        #expect(abs((waypoint.fix.time?.timeIntervalSince1970 ?? 0) - 1_464_343_727.8) < 1e-6)
    }

    @Test func garminTrackPointExtensionGivesHeartRateAndCadence() throws {
        let url = try TempFile.write("ext.gpx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
              xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
             <trk><type>running</type><trkseg>
              <trkpt lat="1.5" lon="2.5"><ele>10</ele><time>2020-01-01T00:00:00.250Z</time>
               <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad>
               </gpxtpx:TrackPointExtension></extensions></trkpt>
              <trkpt lat="1.6" lon="2.6"/>
             </trkseg></trk>
             <rte><rtept lat="3" lon="4"/></rte>
            </gpx>
            """)
        let activity = try ActivityFile.read(url)
        #expect(activity.sport == "running")
        #expect(activity.segments.count == 1)
        let fixes = try #require(activity.segments.first)
        #expect(fixes.count == 2)
        #expect(fixes[0].heartRateBPM == 150)
        #expect(fixes[0].cadencePerMinute == 88)
        #expect(fixes[0].time == Date(timeIntervalSince1970: 1_577_836_800.25))
        #expect(fixes[1].time == nil && fixes[1].heartRateBPM == nil)

        var routed = ActivityBuilder()
        try GPXReader.stream(url, includeRoutes: true) { routed.add($0) }
        #expect(routed.finish().segments.count == 2)
    }

    @Test func gpx10SpeedAndCourse() throws {
        let url = try TempFile.write("v10.gpx", """
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><name>Old</name>
            <trk><trkseg><trkpt lat="-33.5" lon="151.25"><time>2004-02-29T23:59:59+01:00</time><course>90.5</course><speed>3.25</speed></trkpt></trkseg></trk></gpx>
            """)
        let activity = try ActivityFile.read(url)
        #expect(activity.name == "Old")
        let fix = try #require(activity.segments.first?.first)
        #expect(fix.speedMetersPerSecond == 3.25)
        #expect(fix.courseDegrees == 90.5)
        // 2004-02-29T22:59:59Z = 1078095599 s since 1970 (`date -u -d 2004-02-29T22:59:59Z +%s`).
        #expect(fix.time == Date(timeIntervalSince1970: 1_078_095_599))
    }
}
