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
