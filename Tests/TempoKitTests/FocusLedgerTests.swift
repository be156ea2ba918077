import Foundation
import Testing
import TempoKit

@Suite struct FocusLedgerTests {
    let t0 = FocusTestSupport.instant("2024-05-01T09:00:00Z")

    @Test func startingAnotherStopsTheRunningOneAtThatInstant() throws {
        var ledger = FocusLedger()
        let first = ledger.start(tags: ["math"], at: t0).started
        let switched = t0.addingTimeInterval(600)
        let (stopped, second) = ledger.start(tags: ["thesis"], at: switched)
        #expect(stopped?.id == first.id)
        #expect(stopped?.stoppedAt == switched)
        #expect(ledger.active?.id == second.id)
        #expect(ledger.sessions.filter(\.isActive).count == 1)
        #expect(ledger.sessions[0].duration(at: switched.addingTimeInterval(999)) == .seconds(600))
    }

    /// What a library user writes: no tag, no trim, the present as `now`.
    @Test func defaultsAreNoTagNoTrimAndThePresent() throws {
        var ledger = FocusLedger()
        let before = Date()
        let started = ledger.start().started
        #expect(started.tag == nil)
        #expect(try #require(started.startedAt) >= before)
        try ledger.stop()
        let hourAgo = Date().addingTimeInterval(-3600)
        try ledger.add(start: hourAgo, end: hourAgo.addingTimeInterval(600))
        #expect(throws: FocusError.self) { try ledger.add(start: hourAgo.addingTimeInterval(300), end: hourAgo.addingTimeInterval(900)) }
        try ledger.add(start: hourAgo.addingTimeInterval(300), end: hourAgo.addingTimeInterval(900), trim: true)
        let today = try ledger.report(settings: FocusSettings(timeZoneIdentifier: "UTC"))
        #expect(today.now >= before)
        #expect(ledger.sessions.count == 3)
    }

    @Test func pauseResumeStopAndCancel() throws {
        var ledger = FocusLedger()
        ledger.start(tags: [], at: t0)
        try ledger.pause(at: t0.addingTimeInterval(100))
        #expect(throws: FocusError.self) { try ledger.pause(at: t0.addingTimeInterval(110)) }
        try ledger.resume(at: t0.addingTimeInterval(200))
        let stopped = try ledger.stop(at: t0.addingTimeInterval(250))
        #expect(stopped.duration(at: t0.addingTimeInterval(1000)) == .seconds(150))
        #expect(throws: FocusError.noActiveSession) { try ledger.stop(at: t0.addingTimeInterval(300)) }
        ledger.start(tags: [], at: t0.addingTimeInterval(400))
        try ledger.cancel()
        #expect(ledger.sessions.count == 1)
        #expect(ledger.active == nil)
    }

    @Test func addingAnOverlapIsRefusedNamingTheSession() throws {
        var ledger = FocusLedger()
        let existing = try ledger.add(start: t0, end: t0.addingTimeInterval(3600), tags: ["math"], trim: false, now: t0.addingTimeInterval(1e5))
        #expect(throws: FocusError.overlap(session: existing.displayName, start: t0, end: t0.addingTimeInterval(3600))) {
            try ledger.add(start: t0.addingTimeInterval(1800), end: t0.addingTimeInterval(7200), tags: [], trim: false, now: t0.addingTimeInterval(1e5))
        }
        let error = #expect(throws: FocusError.self) {
            try ledger.add(start: t0.addingTimeInterval(-60), end: t0.addingTimeInterval(60), tags: [], trim: false, now: t0.addingTimeInterval(1e5))
        }
        #expect(error?.description.contains("math (\(existing.shortID))") == true)
        #expect(ledger.sessions.count == 1)
    }

    @Test func trimAddsOnlyTheTimeAroundExistingSessions() throws {
        var ledger = FocusLedger()
        let now = t0.addingTimeInterval(1e5)
        try ledger.add(start: t0.addingTimeInterval(600), end: t0.addingTimeInterval(1200), tags: [], trim: false, now: now)
        let trimmed = try ledger.add(start: t0, end: t0.addingTimeInterval(1800), tags: ["x"], trim: true, now: now)
        #expect(trimmed.stopwatch.segments.map { $0.start.timeIntervalSince(t0) } == [0, 1200])
        #expect(trimmed.duration(at: now) == .seconds(1200))
        #expect(throws: FocusError.fullyCovered) {
            try ledger.add(start: t0.addingTimeInterval(700), end: t0.addingTimeInterval(800), tags: [], trim: true, now: now)
        }
    }

    @Test func addRefusesEndBeforeStartAndTheFuture() {
        var ledger = FocusLedger()
        #expect(throws: FocusError.endNotAfterStart(start: t0, end: t0.addingTimeInterval(-1))) {
            try ledger.add(start: t0, end: t0.addingTimeInterval(-1), tags: [], trim: false, now: t0.addingTimeInterval(10))
        }
        #expect(throws: FocusError.endsInFuture(end: t0.addingTimeInterval(20))) {
            try ledger.add(start: t0, end: t0.addingTimeInterval(20), tags: [], trim: false, now: t0.addingTimeInterval(10))
        }
        #expect(ledger.sessions.isEmpty)
    }

    @Test func overlapWithTheRunningSessionCountsUpToNow() throws {
        var ledger = FocusLedger()
        ledger.start(tags: ["live"], at: t0)
        #expect(throws: FocusError.self) {
            try ledger.add(start: t0.addingTimeInterval(-60), end: t0.addingTimeInterval(60), tags: [], trim: false, now: t0.addingTimeInterval(120))
        }
        try ledger.add(start: t0.addingTimeInterval(-60), end: t0, tags: [], trim: false, now: t0.addingTimeInterval(120))
    }
}
