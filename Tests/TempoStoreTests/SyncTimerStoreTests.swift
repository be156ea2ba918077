import Foundation
import GRDB
import Testing
import TempoKit
import TempoStore

/// Timers in the store's side of sync: offered until acknowledged (and not again as they count
/// down), and a pulled status document becoming a timer whose status reads the same at every instant.
@Suite struct SyncTimerStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_550_400.25)  // 2024-05-01T08:00:00.250Z

    private func started(_ label: String, seconds: Double, at start: Date) throws -> TimerRecord {
        var countdown = try Countdown(duration: .seconds(seconds))
        try countdown.start(at: start)
        return TimerRecord(label: label, createdAt: start, countdown: countdown)
    }

    /// Instants before, during and after every timer of the tests ran.
    private var instants: [Date] { [0, 5, 10.5, 30, 59.75, 60, 90, 150, 1000].map { t0 + $0 } }

    @Test func timersAreOfferedUntilAcknowledgedAndNotAgainAsTheyCountDown() throws {
        let database = try AppDatabase.inMemory()
        var tea = try started("tea", seconds: 60, at: t0)
        try tea.countdown.pause(at: t0 + 10.5)
        try tea.countdown.resume(at: t0 + 20)
        var oven = try started("oven", seconds: 600, at: t0 + 1)
        try oven.countdown.pause(at: t0 + 30.125)
        try database.insertTimer(tea)
        try database.insertTimer(oven)
        #expect(try database.syncOutbox() == [.timer(tea), .timer(oven)])

        // The server answers with the status at its own instant; the local timers keep their status.
        try database.acknowledgePush(.timer(TimerStatus(tea, at: t0 + 40)))
        try database.acknowledgePush(.timer(TimerStatus(oven, at: t0 + 40)))
        #expect(try database.syncOutbox() == [])
        let stored = try database.timers()
        for instant in instants {
            #expect(stored.map { TimerStatus($0, at: instant) } == [oven, tea].map { TimerStatus($0, at: instant) })
        }

        // A change here is offered again.
        try database.updateTimer(matching: "oven", at: t0 + 50) { timer in try timer.countdown.resume(at: t0 + 50) }
        let resumed = try database.timer(matching: "oven", at: t0 + 50)
        #expect(try database.syncOutbox() == [.timer(resumed)])
    }

    @Test func pulledTimersReadLikeTheDocumentAndDeletionsRemoveThem() throws {
        let database = try AppDatabase.inMemory()
        var eggs = try started("eggs", seconds: 45.5, at: t0)
        try eggs.countdown.pause(at: t0 + 10)
        try eggs.countdown.resume(at: t0 + 12.75)
        var bread = try started("bread", seconds: 3600, at: t0 + 2)
        try bread.countdown.cancel(at: t0 + 100.001)
        // Documents made at instants when eggs is running, then finished; bread cancelled.
        let documents = [TimerStatus(eggs, at: t0 + 20), TimerStatus(bread, at: t0 + 200)]
        #expect(try database.applyPulled(documents.map { .timer($0) }, cursor: 3) == 2)
        #expect(try database.syncCursor() == 3)
        #expect(try database.syncOutbox() == [])
        let pulled = try database.timers()
        // From the documents' instant on (earlier, the pauses folded into one gap after the start
        // read differently: a document says nothing about them).
        for instant in instants where instant >= t0 + 20 {
            #expect(pulled.map { TimerStatus($0, at: instant) } == [bread, eggs].map { TimerStatus($0, at: instant) })
        }
        // The feed's `finished` entry of eggs is the same timer: nothing changes.
        #expect(TimerStatus(eggs, at: t0 + 100).state == "finished")
        #expect(try database.applyPulled([.timer(TimerStatus(eggs, at: t0 + 100))], cursor: 4) == 0)

        let id = eggs.id.uuidString.lowercased()
        #expect(try database.applyPulled([.timerDeleted(id: id)], cursor: 5) == 1)
        #expect(try database.timers().map(\.id) == [bread.id])
        #expect(try database.syncOutbox() == [])
        #expect(try database.applyPulled([.timerDeleted(id: id)], cursor: 6) == 0)
    }

    @Test func aStoreSyncedBeforeTimersSyncedReadsTheFeedAgainFromTheStart() throws {
        let queue = try DatabaseQueue()
        let database = try AppDatabase(queue)
        try database.applyPulled([.other], cursor: 7)
        #expect(try database.syncCursor() == 7)
        // As a store migrated before "v3 sync timers" existed, whose cursor skipped `timer` changes.
        try queue.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3 sync timers'") }
        let upgraded = try AppDatabase(queue)
        #expect(try upgraded.syncCursor() == 0)
    }
}
