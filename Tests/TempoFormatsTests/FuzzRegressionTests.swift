import Foundation
import TempoFormats
import TempoKit
import Testing

/// Inputs `scripts/fuzz` found that crashed a reader, kept as they were found (shortened by hand).
@Suite struct FuzzRegressionTests {
    /// Foundation's `XMLParser` trapped on these: each names an encoding libxml2 lacks or ignores,
    /// so libxml2 passed element names on as bytes that are not UTF-8 (fuzz: gpx, tcx harnesses).
    static let trappingDocuments: [(name: String, bytes: [UInt8])] = [
        ("utf-6.gpx", bytes("<?xml \u{FEFF}<?x encoding=\"utf-6\"?>\n<gpx><trk", 0xCC, "/></gpx>")),
        ("utf-16-in-ascii.gpx", bytes("<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><trk", 0xE0, "/></gpx>")),
        ("garbage-name.tcx", bytes("<?xml version=\"1.0\" encoding=\"UTF-", 0xFF, "\"?><TrainingCenterDatabase><Po", 0xE0,
                                   "sition/></TrainingCenterDatabase>")),
    ]

    /// Text as UTF-8 with single raw bytes between.
    static func bytes(_ parts: Any...) -> [UInt8] {
        parts.flatMap { part -> [UInt8] in
            if let byte = part as? Int { return [UInt8(byte)] }
            return Array(String(describing: part).utf8)
        }
    }

    @Test(arguments: trappingDocuments.indices)
    func documentsInEncodingsNobodyReadsAreRefusedNotTrapped(index: Int) throws {
        let document = Self.trappingDocuments[index]
        let url = try TempFile.write(document.name, Data(document.bytes))
        #expect(throws: FormatError.self) { try ActivityFile.read(url) }
    }

    /// 1.2 KB of FIT whose 20 fixes, a hemisphere apart over 114 years, claimed 26,311 km: 26,312
    /// kilometre splits took about a second to summarise and encode (fuzz: fit harness). (Each
    /// of its gaps now starts the motion model again, and it claims about 8,700 km.)
    @Test func aTrackClaimingAnyDistanceHasAtMostTheMaximumSplits() throws {
        let url = Fixtures.directory.appendingPathComponent("fuzz/twenty-fixes-26000km.fit")
        let summary = try ActivityFile.summary(of: url)
        #expect(summary.distanceMeters > 5_000_000)
        #expect(summary.splits.count == min(RunTrack.maximumSplits, Int(summary.distanceMeters / 1000) + 1))
        let splitTotal = summary.splits.reduce(0) { $0 + $1.distanceMeters }
        #expect(abs(splitTotal - summary.distanceMeters) < 1)
        #expect(summary.splits.dropLast().allSatisfy { abs($0.distanceMeters - 1000) < 1e-6 })
        // The cap itself: fixes without times (distance only) around the equator, 40,075 km (not
        // through 0°, 0°, which a receiver reports when it knows nothing).
        let equator = [-180.0, -90, 1, 90, 180].map { LocationFix(time: nil, coordinate: Coordinate(latitude: 0, longitude: $0)) }
        let around = RunAnalysis.summarize(segments: [equator])
        #expect(abs(around.distanceMeters - 40_075_016.686) < 1)  // 2πa (GeographicLib: equatorial circumference)
        #expect(around.splits.count == RunTrack.maximumSplits)
        #expect(abs(around.splits.reduce(0) { $0 + $1.distanceMeters } - around.distanceMeters) < 1)
    }

    /// A FIT position field declared 64 bits wide held a latitude of about 10¹¹ degrees; writing
    /// the activity as NMEA (`run export --format nmea`) trapped converting it to minutes (fuzz: fit harness).
    @Test func aPositionBeyondAnyAngleIsWrittenAsUnknown() throws {
        let activity = try ActivityFile.read(Fixtures.directory.appendingPathComponent("fuzz/position-beyond-180.fit"))
        #expect(activity.allFixes.contains { !$0.latitude.isFinite || abs($0.latitude) > 90 || abs($0.longitude) > 180 })
        #expect(!NMEAWriter.log(for: activity).isEmpty)
        let fix = LocationFix(time: nil, coordinate: Coordinate(latitude: 7.7e11, longitude: -.infinity))
        #expect(NMEAWriter.sentences(for: fix)[0].hasPrefix("$GPRMC,,A,,,,,"))
    }

    /// A GGA fix quality or a GSA mode of 35 digits trapped converting to Int (fuzz: nmea harness).
    @Test(arguments: [
        "GPGSA,A,088888888888888888888888888888888880,,345,,09,12,,,24,,,,,2.5,1.3,2.1",
        "GPGGA,123519,4807.038,N,01131.000,E,1e300,08,0.9,545.4,M,46.9,M,,",
        "GPGGA,123519,4807.038,N,01131.000,E,1.5,08,0.9,545.4,M,46.9,M,,",
    ])
    func hugeOrBrokenWholeNumberFieldsAreErrors(body: String) {
        #expect(throws: NMEASentence.ParseError.self) { try NMEASentence.parse(Substring(NMEAWriter.sentence(body))) }
    }

    @Test func anUnknownEncodingIsNamed() throws {
        let url = try TempFile.write("utf-6.gpx", "<?xml version=\"1.0\" encoding=\"utf-6\"?><gpx><trk/></gpx>")
        let error = try #require(throws: FormatError.self) { try ActivityFile.read(url) }
        #expect(error.reason == "unsupported encoding \"utf-6\"")
    }

    @Test func otherEncodingsAreStillRead() throws {
        let text = "<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<gpx><trk><name>Caf\u{E9} \u{20AC}</name><trkseg>"
            + "<trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
        let windows = try ActivityFile.read(try TempFile.write("cp1252.gpx", try #require(text.data(using: .windowsCP1252))))
        #expect(windows.name == "Café €")
        let utf16 = text.replacingOccurrences(of: "windows-1252", with: "UTF-16")
        let unicode = try ActivityFile.read(try TempFile.write("utf16.gpx", try #require(utf16.data(using: .utf16))))
        #expect(unicode.name == "Café €")
        #expect(unicode.pointCount == 1)
    }
}
