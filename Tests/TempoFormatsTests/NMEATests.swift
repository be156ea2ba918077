import Foundation
import TempoFormats
import TempoKit
import Testing

/// The sample sentences are the well-known examples from the NMEA 0183 literature (e.g.
/// gpsd's "NMEA 0183 revealed"), with their published checksums. Expected values worked by hand:
/// 4807.038 N = 48 + 7.038/60°, 22.4 kn = 22.4 × 1852/3600 m/s, 1994-03-23T12:35:19Z = 764426119 s
/// (`date -u -d 1994-03-23T12:35:19Z +%s`).
@Suite struct NMEATests {
    static let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"
    static let gsa = "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39"
    static let gsv = "$GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45*75"

    @Test func publishedExamplesCombineIntoOneFix() throws {
        let url = try TempFile.write("sample.nmea", [Self.gsa, Self.gga, Self.gsv, Self.rmc].joined(separator: "\r\n") + "\r\n")
        let activity = try ActivityFile.read(url)
        #expect(activity.segments.count == 1)
        let fix = try #require(activity.segments.first?.first)
        #expect(activity.pointCount == 1)
        #expect(abs(fix.latitude - (48 + 7.038 / 60)) < 1e-12)
        #expect(abs(fix.longitude - (11 + 31.0 / 60)) < 1e-12)
        #expect(fix.time == Date(timeIntervalSince1970: 764_426_119))
        #expect(fix.altitudeMeters == 545.4)
        #expect(abs((fix.speedMetersPerSecond ?? 0) - 22.4 * 1852 / 3600) < 1e-12)
        #expect(fix.courseDegrees == 84.4)
        #expect(abs((fix.horizontalAccuracyMeters ?? 0) - 0.9 * 5) < 1e-12)  // GGA HDOP × 5 m
        #expect(abs((fix.verticalAccuracyMeters ?? 0) - 2.1 * 5) < 1e-12)  // GSA VDOP × 5 m
    }

    @Test func invalidEpochsGiveNoFix() throws {
        let rmcVoid = NMEAWriter.sentence("GPRMC,123520,V,4807.038,N,01131.000,E,,,230394,,,N")
        let ggaNoFix = NMEAWriter.sentence("GPGGA,123520,,,,,0,00,,,M,,M,,")
        let url = try TempFile.write("void.nmea", [rmcVoid, ggaNoFix].joined(separator: "\n"))
        #expect(try ActivityFile.read(url).pointCount == 0)
    }

    @Test func southWestAndMidnightRollover() throws {
        let lines = [
            NMEAWriter.sentence("GNRMC,235959.50,A,3351.000,S,15112.000,W,0,0,311299,,,A"),
            NMEAWriter.sentence("GNGGA,235959.50,3351.000,S,15112.000,W,1,05,1.0,10,M,,M,,"),
            // GGA only, after midnight: takes the next day.
            NMEAWriter.sentence("GNGGA,000000.50,3351.000,S,15112.000,W,1,05,1.0,10,M,,M,,"),
        ]
        let fixes = try ActivityFile.read(TempFile.write("rollover.nmea", lines.joined(separator: "\n"))).allFixes
        #expect(fixes.count == 2)
        #expect(fixes.first?.latitude == -(33 + 51.0 / 60))
        #expect(fixes.first?.longitude == -(151 + 12.0 / 60))
        // 1999-12-31T23:59:59.5Z = 946684799.5 s; 2000-01-01T00:00:00.5Z = 946684800.5 s.
        #expect(fixes.map { $0.time?.timeIntervalSince1970 } == [946_684_799.5, 946_684_800.5])
    }

    @Test(arguments: ["hike-8tracks.gpx", "fenix2-run.fit", "run-3laps.tcx"])
    func writerThenReaderKeepsFixesToNMEAPrecision(file: String) throws {
        let original = try ActivityFile.read(Fixtures.url(file))
        let url = try TempFile.write("log.nmea", NMEAWriter.log(for: original))
        let reread = try ActivityFile.read(url)
        let expected = original.allFixes.filter { $0.time != nil }
        #expect(reread.pointCount == expected.count)
        for (a, b) in zip(expected, reread.allFixes) {
            #expect(abs(a.latitude - b.latitude) < 1e-8)  // 10⁻⁶ minute ≈ 1.7 × 10⁻⁸°
            #expect(abs(a.longitude - b.longitude) < 1e-8)
            #expect(abs((a.time?.timeIntervalSince1970 ?? 0) - (b.time?.timeIntervalSince1970 ?? 1)) < 0.0005)
            #expect(abs((a.altitudeMeters ?? 0) - (b.altitudeMeters ?? 0)) <= 0.005)
            if let speed = a.speedMetersPerSecond { #expect(abs(speed - (b.speedMetersPerSecond ?? -1)) < 0.0003) }
        }
    }
}
