import Foundation
import Testing
import TempoFormats
import TempoKit
import TempoTestSupport

/// Power and temperature where the fixtures have none: TCX's TPX `Watts` and GPX's gpxpx
/// `PowerInWatts`, values written by hand below.
@Suite struct SensorReadingTests {
    private func read(_ text: String, _ suffix: String) throws -> [Double?] {
        let url = TestDirectory.root.appendingPathComponent("sensors-\(UUID().uuidString).\(suffix)")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ActivityFile.read(url).allFixes.map(\.powerWatts)
    }

    @Test func tcxWattsAreRead() throws {
        let watts = try read("""
            <?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
             xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Activities><Activity Sport="Biking">
            <Id>2026-03-14T07:30:00Z</Id><Lap StartTime="2026-03-14T07:30:00Z"><Track>
            <Trackpoint><Time>2026-03-14T07:30:00Z</Time><Position><LatitudeDegrees>47.1</LatitudeDegrees><LongitudeDegrees>8.1</LongitudeDegrees></Position>
             <Extensions><ns3:TPX><ns3:Watts>212</ns3:Watts></ns3:TPX></Extensions></Trackpoint>
            <Trackpoint><Time>2026-03-14T07:30:01Z</Time><Position><LatitudeDegrees>47.1001</LatitudeDegrees><LongitudeDegrees>8.1</LongitudeDegrees></Position>
             </Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """, "tcx")
        #expect(watts == [212, nil])
    }

    @Test func gpxPowerInWattsIsRead() throws {
        let watts = try read("""
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxpx="http://www.garmin.com/xmlschemas/PowerExtension/v1"><trk><trkseg>
            <trkpt lat="47.1" lon="8.1"><time>2026-03-14T07:30:00Z</time><extensions><gpxpx:PowerExtension><gpxpx:PowerInWatts>305</gpxpx:PowerInWatts></gpxpx:PowerExtension></extensions></trkpt>
            </trkseg></trk></gpx>
            """, "gpx")
        #expect(watts == [305])
    }
}
