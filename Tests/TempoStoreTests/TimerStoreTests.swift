import Foundation
import TempoKit
import TempoStore
import Testing
import TempoTestSupport

@Suite struct TimerStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000.25)

    private func started(_ label: String?, seconds: Double = 60, at start: Date) throws -> TimerRecord {
        var countdown = try Countdown(duration: .seconds(seconds))
        try countdown.start(at: start)
        return TimerRecord(label: label, createdAt: start, countdown: countdown)
    }

    @Test func timersAreStoredAsInstantsAndComeBackIdentical() throws {
        let database = try AppDatabase.inMemory()
        var timer = try started("tea", at: t0)
        try timer.countdown.pause(at: t0 + 10.5)
        try timer.countdown.resume(at: t0 + 20)
        try database.insertTimer(timer)
        let loaded = try database.timer(matching: "tea", at: t0 + 30)
        #expect(loaded == timer)
        #expect(loaded.countdown.remaining(at: t0 + 30) == .seconds(39.5))
    }

    @Test func aFailedChangeRollsBackTheWholeTransaction() throws {
        let database = try AppDatabase.inMemory()
        try database.insertTimer(started("tea", at: t0))
        struct Boom: Error {}
        #expect(throws: StoreError.self) {
            try database.updateTimer(matching: "tea", at: t0 + 5) { timer in
                try timer.countdown.pause(at: t0 + 5)
                throw Boom()
            }
        }
        #expect(try database.timer(matching: "tea", at: t0 + 6).countdown.state(at: t0 + 6) == .running)
    }

    @Test func referencesResolveByIDPrefixLabelOrTheOneActiveTimer() throws {
        let database = try AppDatabase.inMemory()
        let first = try started("a", at: t0), second = try started("b", seconds: 5, at: t0 + 1)
        try database.insertTimer(first)
        try database.insertTimer(second)
        #expect(try database.timer(matching: String(first.id.uuidString.prefix(6)), at: t0 + 2).id == first.id)
        #expect(try database.timer(matching: "b", at: t0 + 2).id == second.id)
        #expect(throws: StoreError.self) { try database.timer(matching: nil, at: t0 + 2) }  // two active
        #expect(try database.timer(matching: nil, at: t0 + 10).id == first.id)  // b has finished
        #expect(throws: StoreError.notFound(kind: "timer", reference: "zzz")) { try database.timer(matching: "zzz", at: t0) }
    }

    @Test func aFileDatabaseSurvivesReopening() throws {
        let path = TestDirectory.root.appendingPathComponent("tempo-\(UUID().uuidString)/tempo.sqlite").path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let timer = try started("tea", at: t0)
        try AppDatabase.open(path: path).insertTimer(timer)
        #expect(try AppDatabase.open(path: path).timers() == [timer])
    }
}
