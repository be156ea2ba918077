import Foundation
import PropertyBased
import TempoKit
import Testing

@Suite struct StopwatchTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func elapsedIsClosedIntervalsPlusTheOpenOne() throws {
        var watch = Stopwatch()
        try watch.start(at: t0)
        try watch.pause(at: t0 + 10)
        try watch.resume(at: t0 + 25)
        #expect(watch.elapsed(at: t0 + 30) == .seconds(15))
        try watch.stop(at: t0 + 40)
        #expect(watch.elapsed(at: t0 + 1000) == .seconds(25))
        #expect(watch.state == .stopped)
    }

    @Test func invalidTransitionsThrowTypedErrors() throws {
        var watch = Stopwatch()
        #expect(throws: StopwatchError.invalidTransition(.pause, from: .idle)) { try watch.pause(at: t0) }
        try watch.start(at: t0)
        #expect(throws: StopwatchError.invalidTransition(.resume, from: .running)) { try watch.resume(at: t0) }
        #expect(throws: StopwatchError.invalidTransition(.start, from: .running)) { try watch.start(at: t0) }
        try watch.stop(at: t0 + 1)
        #expect(throws: StopwatchError.invalidTransition(.resume, from: .stopped)) { try watch.resume(at: t0 + 2) }
        #expect(throws: StopwatchError.invalidTransition(.stop, from: .stopped)) { try watch.stop(at: t0 + 2) }
    }

    @Test func aWallClockSetBackNeverGivesNegativeTime() throws {
        var watch = Stopwatch()
        try watch.start(at: t0)
        try watch.pause(at: t0 - 3600)  // the clock was set back an hour while running
        #expect(watch.elapsed(at: t0 - 3600) == .seconds(0))
        #expect(watch.wallClockWentBackwards)
        try watch.resume(at: t0 - 3500)
        #expect(watch.elapsed(at: t0 - 3490) == .seconds(10))
        #expect(watch.elapsed(at: t0 - 9999) == .seconds(0))
    }

    @Test func storedSegmentsRoundTripThroughCodable() throws {
        var watch = Stopwatch()
        try watch.start(at: t0)
        try watch.pause(at: t0 + 5)
        let decoded = try JSONDecoder().decode(Stopwatch.self, from: JSONEncoder().encode(watch))
        #expect(decoded == watch)
    }

    /// Any sequence of operations at any instants keeps elapsed time non-negative, continuous
    /// across each operation, and non-decreasing in `now`.
    @Test func elapsedIsNonNegativeAndNonDecreasingForAnyHistory() async {
        let operation = zip(Gen.int(in: 0...3), Gen.int(in: -5_000...50_000))
        await propertyCheck(count: 500, input: operation.array(of: 0...30), Gen.int(in: -10_000...60_000).array(of: 2...8)) { operations, probes in
            var watch = Stopwatch()
            for (kind, offset) in operations {
                let instant = t0 + TimeInterval(offset)
                let before = watch.elapsed(at: instant)
                switch kind {
                case 0: try? watch.start(at: instant)
                case 1: try? watch.pause(at: instant)
                case 2: try? watch.resume(at: instant)
                default: try? watch.stop(at: instant)
                }
                #expect(watch.elapsed(at: instant) == before)
                let sorted = probes.sorted().map { t0 + TimeInterval($0) }
                let values = sorted.map(watch.elapsed(at:))
                #expect(values.allSatisfy { $0 >= .zero })
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }
    }
}
