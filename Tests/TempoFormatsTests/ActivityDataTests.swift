import Foundation
import TempoFormats
import TempoKit
import Testing

/// Bytes read as an upload give what the file on disk gives: the same activity and summary,
/// the format sniffed when not declared, and errors that name the bytes instead of a path.
struct ActivityDataTests {
    @Test(arguments: ["fenix2-run.fit", "run-3laps.tcx", "hike-4tracks.gpx", "fenix2-multisport.fit"])
    func bytesReadAsTheFileIs(name: String) throws {
        let url = Fixtures.url(name)
        let read = try ActivityFile.summarized(try Data(contentsOf: url), format: nil, name: "body")
        #expect(read.format == ActivityFormat(pathExtension: url.pathExtension))
        #expect(read.summary == (try ActivityFile.summary(of: url)))
        #expect(read.activity == (try ActivityFile.read(url)))
    }

    /// The library's entry for an app holding `Data`: the summary equals the file's, with the
    /// format recognised from the bytes or declared, and with the options passed through.
    @Test(arguments: ["fenix2-run.fit", "run-3laps.tcx", "hike-4tracks.gpx", "fenix2-multisport.fit", "edge500-ride.fit"])
    func summaryOfDataEqualsSummaryOfTheFile(name: String) throws {
        let url = Fixtures.url(name)
        let data = try Data(contentsOf: url)
        #expect(try ActivityFile.summary(of: data) == (try ActivityFile.summary(of: url)))
        let format = try #require(ActivityFormat(pathExtension: url.pathExtension))
        #expect(try ActivityFile.summary(of: data, format: format, splitUnit: .mile, autoPause: false)
            == (try ActivityFile.summary(of: url, splitUnit: .mile, autoPause: false)))
    }

    /// Reading first and analysing after gives the one-pass summary, laps, sports and sensors
    /// (a GPX's readings are kept on the reading thread) included.
    @Test(arguments: ["fenix2-run.fit", "run-3laps.tcx", "hike-4tracks.gpx", "fenix2-multisport.fit", "edge500-ride.fit",
                      "garmin-extensions.gpx"])
    func summaryOfAReadActivityEqualsTheFileSummary(name: String) throws {
        let url = Fixtures.url(name)
        #expect(try ActivityFile.read(url).summary() == (try ActivityFile.summary(of: url)))
        #expect(try ActivityFile.read(url).summary(splitUnit: .mile, sport: .cycling)
            == (try ActivityFile.summary(of: url, splitUnit: .mile, sport: .cycling)))
    }

    @Test func summaryOfBytesThatAreNoActivityNamesTheData() {
        #expect(throws: FormatError(file: "data", reason: "not a GPX, TCX, FIT or NMEA file")) {
            try ActivityFile.summary(of: Data("no run here".utf8))
        }
    }

    @Test func errorsNameTheBytes() throws {
        #expect(throws: FormatError(file: "body", reason: "not a GPX, TCX, FIT or NMEA file")) {
            try ActivityFile.summarized(Data("no run here".utf8), format: nil, name: "body")
        }
        let fit = try Data(contentsOf: Fixtures.url("fenix2-run.fit"))
        do {
            _ = try ActivityFile.summarized(fit, format: .gpx, name: "body")
            Issue.record("a FIT file declared as GPX was read")
        } catch {
            #expect(error.file == "body")
        }
    }
}
