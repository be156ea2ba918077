import Foundation
import TempoKit
import Testing

@testable import TempoFormats

/// GPX documents written every way `GeneratedGPX` knows, read back: the points as written, a bad
/// value named at its place (counted here from the text), truncated documents refused. Long ones
/// take many reads, so every kind of token meets the end of a read somewhere.
@Suite struct GeneratedGPXTests {
    struct Outcome {
        var segments: [[GeneratedGPX.Point]]
        var error: FormatError?
    }

    static func read(_ url: URL) -> Outcome {
        var builder = ActivityBuilder()
        var error: FormatError?
        do throws(FormatError) {
            try GPXReader.stream(url) { builder.add($0) }
        } catch let failure {
            error = failure
        }
        let segments = builder.finish().segments.map { fixes in
            fixes.map { fix in
                GeneratedGPX.Point(
                    latitude: fix.latitude, longitude: fix.longitude, altitude: fix.altitudeMeters, time: fix.time,
                    heartRate: fix.heartRateBPM)
            }
        }
        return Outcome(segments: segments, error: error)
    }

    /// "line L, column C" of byte `offset` of `text` (1-based, columns in bytes, only LF ends a line).
    static func location(of offset: Int, in text: String) -> String {
        let before = Array(text.utf8.prefix(offset))
        let lastNewline = before.lastIndex(of: 0x0A) ?? -1
        return "line \(before.filter { $0 == 0x0A }.count + 1), column \(offset - lastNewline)"
    }

    /// Where the end tag closing the bad altitude starts, and the error the reader must give.
    static func badAltitudeError(in document: GeneratedGPX, file: URL) throws -> FormatError {
        // The text may be in CDATA or start with a character reference: its last three bytes are always written.
        let bad = try #require(document.text.range(of: GeneratedGPX.badAltitude.suffix(3)))
        let endTag = try #require(document.text.range(of: "</", range: bad.upperBound..<document.text.endIndex))
        let offset = document.text.utf8.distance(from: document.text.startIndex, to: endTag.lowerBound)
        return FormatError(
            file: file.path, location: location(of: offset, in: document.text),
            reason: "\"\(GeneratedGPX.badAltitude)\" is not a number in <ele>")
    }

    @Test(arguments: 0..<150 as Range<UInt64>)
    func documentsReadAsWritten(seed: UInt64) throws {
        let document = GeneratedGPX(seed: seed, points: 60)
        let outcome = Self.read(try TempFile.write("generated.gpx", document.text))
        #expect(outcome.error == nil)
        #expect(outcome.segments == document.segments)
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func aBadValueIsNamedAtItsEndTag(seed: UInt64) throws {
        let badIndex = Int(seed % 40)
        let document = GeneratedGPX(seed: seed, points: 40, badAltitudeIndex: badIndex)
        let url = try TempFile.write("bad.gpx", document.text)
        let outcome = Self.read(url)
        #expect(outcome.error == (try Self.badAltitudeError(in: document, file: url)))
        #expect(outcome.segments.joined().elementsEqual(document.segments.joined().prefix(badIndex)))
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func truncatedDocumentsFail(seed: UInt64) throws {
        let document = GeneratedGPX(seed: seed, points: 30)
        let bytes = Array(document.text.utf8)
        let end = bytes.count - "</gpx>".utf8.count - 2
        var generator = SplitMix64(seed: seed)
        for cut in [0, 1, end - 1, end] + (0..<6).map({ _ in Int(generator.next() % UInt64(end)) }) {
            let outcome = Self.read(try TempFile.write("cut.gpx", Data(bytes.prefix(cut))))
            #expect(outcome.error != nil, "cut at \(cut)")
            let read = Array(outcome.segments.joined())
            #expect(read.elementsEqual(document.segments.joined().prefix(read.count)), "cut at \(cut)")
        }
    }

    /// The streamed summary (read ahead on another thread, batches handed back and forth) equals
    /// the summary of the document read first: segment ends, self-closing points and all.
    @Test(arguments: 0..<12 as Range<UInt64>)
    func streamedSummaryEqualsTheReadDocumentsSummary(seed: UInt64) throws {
        let url = try TempFile.write("run.gpx", GeneratedGPX(seed: seed, points: 400).text)
        let summary = try ActivityFile.summary(of: url)
        #expect(summary == (try ActivityFile.read(url).summary()))
        #expect((summary.unfilteredDistanceMeters ?? 0) > 0)
    }

    /// About 4 MB: reads end in every kind of token; the bad value near the end is placed through
    /// lines in reads already dropped, from a file and from a pipe (which cannot be read again).
    @Test func longDocumentsAcrossReads() throws {
        let points = 20_000
        let good = GeneratedGPX(seed: 1_000, points: points)
        #expect(good.text.utf8.count > 3 * XMLScanner.chunkSize)
        #expect(Self.read(try TempFile.write("long.gpx", good.text)).segments == good.segments)

        let badIndex = points - 3
        let broken = GeneratedGPX(seed: 1_003, points: points, badAltitudeIndex: badIndex)
        let file = try TempFile.write("long-bad.gpx", broken.text)
        let fromFile = Self.read(file)
        #expect(fromFile.error == (try Self.badAltitudeError(in: broken, file: file)))
        #expect(fromFile.segments.joined().count == badIndex)

        let pipe = try TempFile.pipe("pipe.gpx", feeding: broken.text)
        let fromPipe = Self.read(pipe)
        #expect(fromPipe.error == (try Self.badAltitudeError(in: broken, file: pipe)))
        #expect(fromPipe.segments.joined().count == badIndex)
    }
}
