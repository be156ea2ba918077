import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import TempoKit

/// Another thread provides the pages of a replay's reserved columns before the recorder writes
/// its samples there: the pages for as many samples as asked become resident, none past them,
/// and the samples written meanwhile are the ones a replay without it writes.
@Suite struct SamplePagesAheadTests {
    /// How many of the whole 4 KiB pages inside `bytes` bytes from `start` are resident (`mincore`).
    #if os(Linux)
    private static func residentPages(from start: UnsafeRawPointer, bytes: Int) -> (resident: Int, pages: Int) {
        let page = 4096
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let end = (Int(bitPattern: start) + bytes) / page * page
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return (0, 0) }
        var vector = [UInt8](repeating: 0, count: (end - first) / page)
        guard mincore(pointer, end - first, &vector) == 0 else { return (-1, vector.count) }
        return (vector.filter { $0 & 1 == 1 }.count, vector.count)
    }
    #endif

    #if os(Linux)
    @Test(.enabled(if: ProcessInfo.processInfo.operatingSystemVersion.majorVersion * 100
                   + ProcessInfo.processInfo.operatingSystemVersion.minorVersion >= 514, "Linux 5.14 or later"))
    func pagesOfTheSamplesAskedForAreProvidedAndNoMore() throws {
        // Columns of 64 MB: above the largest threshold from which the C library maps fresh
        // memory for them (32 MB), so no page of theirs is resident before it is provided.
        var replay = RunReplay()
        replay.reserveCapacity(8_000_000)
        let pages = replay.samplePagesAhead()
        pages.prepare(samples: 100_000)
        let times = replay.recorder.store.times
        let start = try #require(times.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
        let asked = Self.residentPages(from: start, bytes: 100_000 * 8)
        #expect(asked.resident == asked.pages && asked.pages > 0)
        let beyond = Self.residentPages(from: start + 110_000 * 8, bytes: 200_000 * 8)
        #expect(beyond.resident == 0 && beyond.pages > 0)
    }
    #endif

    /// Pages provided from a second thread while fixes are fed change nothing the replay records.
    @Test func samplesAreTheSameWithPagesProvidedAhead() {
        func run(ahead: Bool) -> (RunSummary, [RunSample]) {
            var noise = RunSimulation(sigmaMeters: 3, correlation: 0.97, seed: 5)
            var replay = RunReplay()
            replay.reserveCapacity(30_000)
            let pages = replay.samplePagesAhead()
            let fed = Counter(), done = DispatchSemaphore(value: 0)
            let helper = Thread {
                while fed.value < 30_000 { pages.prepare(samples: fed.value + 4_096) }
                pages.prepare(samples: 1_000_000)
                done.signal()
            }
            if ahead { helper.start() } else { fed.value = 30_000 }
            var along = 0.0
            for index in 0..<30_000 {
                along += index % 600 < 450 ? 3 : 0
                replay.add(RunSimulation.fix(second: Double(index), alongMeters: along, noise: noise.noise(), accuracy: 4))
                if ahead { fed.value = index + 1 }
            }
            if ahead { done.wait() }
            return (replay.summary(), replay.recorder.samples)
        }
        let plain = run(ahead: false), ahead = run(ahead: true)
        #expect(ahead.0 == plain.0)
        #expect(ahead.1 == plain.1)
    }
}

/// A count one thread writes and another reads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
