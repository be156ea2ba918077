import Foundation
import TempoKit
import TempoStore
import Testing

/// `timerShown`: the timer `tempo timer status` shows when it is not told which.
@Suite struct TimerShownTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    private func insert(_ label: String, seconds: Double, at start: Date, in database: AppDatabase) throws {
        var countdown = try Countdown(duration: .seconds(seconds))
        try countdown.start(at: start)
        try database.insertTimer(TimerRecord(label: label, createdAt: start, countdown: countdown))
    }

    @Test func theOneActiveTimerElseTheNewest() throws {
        let database = try AppDatabase.inMemory()
        try insert("long", seconds: 600, at: t0, in: database)
        try insert("short", seconds: 60, at: t0 + 10, in: database)
        // Both running: ambiguous for a change, the newest for a look.
        #expect(try database.timerShown(matching: nil, at: t0 + 20).label == "short")
        // Only "long" still runs.
        #expect(try database.timerShown(matching: nil, at: t0 + 100).label == "long")
        // None runs: the newest.
        #expect(try database.timerShown(matching: nil, at: t0 + 1000).label == "short")
        // A reference is followed, and a wrong one refused.
        #expect(try database.timerShown(matching: "long", at: t0 + 1000).label == "long")
        #expect(throws: StoreError.notFound(kind: "timer", reference: "nope")) {
            try database.timerShown(matching: "nope", at: t0)
        }
    }

    @Test func noTimersAtAllIsSaidPlainly() throws {
        let database = try AppDatabase.inMemory()
        #expect(throws: StoreError.refused("no timer is running or paused; name one (see `tempo timer list`)")) {
            try database.timerShown(matching: nil, at: t0)
        }
    }
}
