import Foundation
import Testing
@testable import TempoKit

/// The pool of last events: a device that keeps meeting new conditions stores a record at almost
/// every fix, so the pool grows over several of its chunks; every reference must keep naming its
/// own record while others are released and their places reused.
@Suite struct PlaceEventPoolTests {
    @Test func referencesKeepTheirRecordsAcrossChunks() {
        var random = SeededRandom(seed: 7)
        var pool = EventPool()
        /// Live references, each with the second of the date it was stored with.
        var live: [(reference: Int32, second: Double)] = []
        for fixNumber in 1...15_000 {
            let second = Double(fixNumber)
            let fix = LocationFix(time: Date(timeIntervalSince1970: second),
                                  coordinate: Coordinate(latitude: 45, longitude: second / 1000),
                                  horizontalAccuracyMeters: 10)
            // A condition's new last event releases its old one, about a third of the time.
            if !live.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
                let at = Int.random(in: 0..<live.count, using: &random)
                let reference = pool.store(date: fix.time!, fix: fix, fixNumber: fixNumber, replacing: live[at].reference)
                live[at] = (reference, second)
            } else {
                live.append((pool.store(date: fix.time!, fix: fix, fixNumber: fixNumber, replacing: EventPool.noRecord), second))
            }
            // As `MonitorCore` does after each fix: replaced records are released in batches and reused.
            pool.releaseReplaced()
        }
        #expect(live.count > 9_000)
        for (reference, second) in live {
            #expect(pool[reference].date == Date(timeIntervalSince1970: second))
            #expect(pool[reference].fix.coordinate.longitude == second / 1000)
        }
    }
}
