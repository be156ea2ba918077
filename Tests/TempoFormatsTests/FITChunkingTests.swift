import Foundation
@testable import TempoFormats
import TempoKit
import Testing

/// The FIT reader keeps a window over the file and decodes the messages inside it in a fast
/// loop; messages that cross the window's end go through the checked path. Reading with tiny
/// windows (every message crosses one) must give exactly what the normal window gives, which
/// `FITReaderTests` checks against python-fitparse — and the same errors, at the same byte, on
/// truncated files.
@Suite struct FITChunkingTests {
    static func read(_ url: URL, chunkSize: Int) -> (elements: [ActivityElement], error: String?) {
        var elements: [ActivityElement] = []
        do {
            try FITReader.stream(url, chunkSize: chunkSize) { elements.append($0) }
            return (elements, nil)
        } catch {
            return (elements, error.description)
        }
    }

    static func files() throws -> [(String, URL)] {
        [
            ("fenix2-run.fit", Fixtures.url("fenix2-run.fit")),
            ("forerunner110-run.fit", Fixtures.url("forerunner110-run.fit")),
            ("synthetic.fit", try TempFile.write("synthetic.fit", FITSyntheticTests.file())),
        ]
    }

    @Test(arguments: [1, 2, 3, 5, 13, 64, 4096])
    func tinyWindowsReadTheSameElements(chunkSize: Int) throws {
        for (name, url) in try Self.files() {
            let normal = Self.read(url, chunkSize: 1 << 18)
            #expect(normal.error == nil, "\(name)")
            #expect(!normal.elements.isEmpty, "\(name)")
            let small = Self.read(url, chunkSize: chunkSize)
            #expect(small.error == nil, "\(name)")
            #expect(small.elements == normal.elements, "\(name) in chunks of \(chunkSize)")
        }
    }

    @Test(arguments: [3, 64])
    func tinyWindowsFailTheSameWayOnTruncatedFiles(chunkSize: Int) throws {
        let data = try Data(contentsOf: Fixtures.url("forerunner110-run.fit"))
        for length in stride(from: 0, to: data.count, by: 97) {
            let url = try TempFile.write("cut.fit", data.prefix(length))
            let normal = Self.read(url, chunkSize: 1 << 18)
            let small = Self.read(url, chunkSize: chunkSize)
            #expect(normal.error != nil, "cut at \(length)")
            #expect(small.error == normal.error, "cut at \(length)")
            #expect(small.elements == normal.elements, "cut at \(length)")
        }
    }
}
