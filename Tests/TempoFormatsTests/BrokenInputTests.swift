import Foundation
import TempoFormats
import TempoKit
import Testing

/// Real fixtures broken on purpose in the test (bytes cut off, text edited); each error must
/// name the file and the place: line (and column) for XML and NMEA, byte offset for FIT.
@Suite struct BrokenInputTests {
    /// Writes `text` with the first occurrence of `target` replaced, returning the file and the 1-based line of the edit.
    private func edited(_ fixture: String, replacing target: String, with replacement: String, as name: String) throws -> (URL, Int) {
        let text = try String(contentsOf: Fixtures.url(fixture), encoding: .utf8)
        let range = try #require(text.range(of: target))
        let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        return (try TempFile.write(name, text.replacingCharacters(in: range, with: replacement)), line)
    }

    private func readError(_ url: URL) throws -> FormatError {
        let error = try #require(throws: FormatError.self) { try ActivityFile.read(url) }
        #expect(error.file == url.path)
        #expect(error.description.hasPrefix(url.path + ": "))
        return error
    }

    @Test(arguments: [100, 5_000, 60_000, 121_000, 121_838])
    func truncatedFITNamesTheByteOffset(length: Int) throws {
        let data = try Data(contentsOf: Fixtures.url("fenix2-run.fit")).prefix(length)
        let url = try TempFile.write("cut.fit", Data(data))
        let error = try readError(url)
        let offset = try #require(error.location.flatMap { Int($0.dropFirst("byte ".count)) })
        #expect(error.location?.hasPrefix("byte ") == true)
        #expect(offset <= length)
        #expect(error.reason.contains("truncated"))
        #expect(error.reason.contains("file ends at byte \(length)"))
    }

    @Test func fileTooShortForAFITHeader() throws {
        let url = try TempFile.write("tiny.fit", Data([14, 0x10, 0, 0, 0]))
        let error = try readError(url)
        #expect(error.location == "byte 0")
    }

    @Test func flippedFITByteFailsTheCRC() throws {
        var data = try Data(contentsOf: Fixtures.url("forerunner110-run.fit"))
        data[9_000] ^= 0x01
        let error = try readError(try TempFile.write("flip.fit", data))
        // Either the CRC catches it at the end, or the changed byte breaks a header first.
        #expect(error.location?.hasPrefix("byte ") == true)
    }

    @Test func mismatchedGPXTagNamesLineAndColumn() throws {
        let (url, line) = try edited("hike-8tracks.gpx", replacing: "</trkpt>", with: "</trkpx>", as: "tag.gpx")
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line \(line), column ") == true)
        #expect(error.reason.hasPrefix("malformed XML"))
    }

    @Test func truncatedTCXIsMalformedXML() throws {
        let data = try Data(contentsOf: Fixtures.url("run-3laps.tcx")).prefix(50_000)
        let url = try TempFile.write("cut.tcx", Data(data))
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line ") == true)
        #expect(error.reason.hasPrefix("malformed XML"))
    }

    @Test func textInGPXElevationNamesTheLine() throws {
        let (url, line) = try edited("hike-8tracks.gpx", replacing: "<ele>556.740723</ele>", with: "<ele>5S6.74</ele>", as: "ele.gpx")
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line \(line),") == true)
        #expect(error.reason == "\"5S6.74\" is not a number in <ele>")
    }

    /// A day the month does not have (2010 is not a leap year) is not a time, in either GPX path.
    @Test(arguments: ["2010-02-29T14:23:59Z", "2010-04-31T14:23:59Z", "2010-02-30T14:23:59.5Z"])
    func dayTheMonthDoesNotHaveInGPXTime(time: String) throws {
        let (url, line) = try edited("hike-8tracks.gpx", replacing: "<time>2010-08-05T14:23:59Z</time>", with: "<time>\(time)</time>", as: "day.gpx")
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line \(line),") == true)
        #expect(error.reason == "\"\(time)\" is not an ISO 8601 time in <time>")
    }

    @Test func textInGPXLatitudeAttribute() throws {
        let (url, line) = try edited("empty-segment.gpx", replacing: "lat=\"50.7772126\"", with: "lat=\"north\"", as: "lat.gpx")
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line \(line),") == true)
        #expect(error.reason == "\"north\" is not a number in <trkpt lat>")
    }

    @Test func textInTCXLatitudeNamesTheLine() throws {
        let (url, line) = try edited(
            "run-3laps.tcx", replacing: "<LatitudeDegrees>35.9518799465</LatitudeDegrees>",
            with: "<LatitudeDegrees>35.95i87</LatitudeDegrees>", as: "lat.tcx")
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line \(line),") == true)
        #expect(error.reason == "\"35.95i87\" is not a number in <LatitudeDegrees>")
    }

    @Test func badTimeInTCX() throws {
        let (url, line) = try edited("run-3laps.tcx", replacing: "<Time>2012-12-26T21:29:54Z</Time>", with: "<Time>yesterday</Time>", as: "time.tcx")
        let error = try readError(url)
        #expect(error.location?.hasPrefix("line \(line),") == true)
    }

    @Test func badNMEAChecksumNamesTheLine() throws {
        let activity = try ActivityFile.read(Fixtures.url("empty-segment.gpx"))
        var lines = NMEAWriter.log(for: activity).components(separatedBy: "\r\n")
        // Change a digit of line 5 without fixing its checksum.
        lines[4] = lines[4].replacingOccurrences(of: "GPRMC,", with: "GPRMC,1").replacingOccurrences(of: "GPGGA,", with: "GPGGA,1")
        let url = try TempFile.write("bad.nmea", lines.joined(separator: "\r\n"))
        let error = try readError(url)
        #expect(error.location == "line 5")
        #expect(error.reason.hasPrefix("bad checksum"))
    }

    @Test func textInAnNMEANumberField() throws {
        let url = try TempFile.write("text.nmea", [
            NMEAWriter.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
            NMEAWriter.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,5x5.4,M,46.9,M,,"),
        ].joined(separator: "\n"))
        let error = try readError(url)
        #expect(error.location == "line 2")
        #expect(error.reason == "field 9 of GGA (\"5x5.4\") is not a number")
    }

    @Test func missingFileAndUnknownContent() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/run.gpx")
        #expect(throws: FormatError.self) { try ActivityFile.read(missing) }
        let unknown = try TempFile.write("notes.dat", "hello")
        let error = try readError(unknown)
        #expect(error.reason == "not a GPX, TCX, FIT or NMEA file")
    }

    @Test func formatIsSniffedWhenTheExtensionSaysNothing() throws {
        for (fixture, format) in [("fenix2-run.fit", ActivityFormat.fit), ("run-3laps.tcx", .tcx), ("unicode-bom.gpx", .gpx)] {
            let url = try TempFile.write("activity.bin", Data(contentsOf: Fixtures.url(fixture)))
            #expect(try ActivityFile.format(of: url) == format)
        }
        let nmea = try TempFile.write("capture", NMEAWriter.sentence("GPGSA,A,1,,,,,,,,,,,,,,,") + "\r\n")
        #expect(try ActivityFile.format(of: nmea) == .nmea)
    }
}
