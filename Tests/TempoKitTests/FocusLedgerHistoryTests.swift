import Foundation
import Testing
import TempoKit

/// Editing history in the pure ledger: moved ends clip or extend a paused session's segments,
/// overlaps name the other session, `--at` instants are checked.
@Suite struct FocusLedgerHistoryTests {
    let t0 = FocusTestSupport.instant("2026-11-25T08:00:00Z")
    var now: Date { t0 + 86_400 }

    /// A session 08:00–08:30, paused, 08:40–09:00 (50 min), and another 10:00–11:00.
    func ledger() throws -> (FocusLedger, UUID, UUID) {
        var ledger = FocusLedger()
        ledger.start(tags: ["thesis"], at: t0)
        try ledger.pause(at: t0 + 1800)
        try ledger.resume(at: t0 + 2400)
        let first = try ledger.stop(at: t0 + 3600).id
        let second = try ledger.add(start: t0 + 7200, end: t0 + 10_800, tags: ["mail"], trim: false, now: now).id
        return (ledger, first, second)
    }

    @Test func movingTheStartLaterCutsTheFirstSegmentAndAnEarlierEndDropsTheLast() throws {
        var (ledger, first, _) = try ledger()
        let later = try ledger.edit(id: first, start: t0 + 600, end: nil, tags: nil, now: now)
        #expect(later.duration(at: now) == .seconds(2400))  // 08:10–08:30 and 08:40–09:00
        let shorter = try ledger.edit(id: first, start: nil, end: t0 + 2100, tags: nil, now: now)
        #expect(shorter.stopwatch.segments.count == 1)  // the 08:40 segment lies after the new end
        #expect(shorter.duration(at: now) == .seconds(1200))
        #expect(shorter.stoppedAt == t0 + 2100)
    }

    @Test func movingTheEndLaterExtendsTheLastSegmentUnlessItOverlaps() throws {
        var (ledger, first, _) = try ledger()
        let longer = try ledger.edit(id: first, start: t0 - 600, end: t0 + 5400, tags: ["thesis", "writing"], now: now)
        #expect(longer.duration(at: now) == .seconds(2400 + 3000))  // 07:50–08:30 and 08:40–09:30
        #expect(longer.tags == ["thesis", "writing"])
        #expect(throws: FocusError.conflict(session: "mail (\(ledger.sessions[1].shortID))", start: t0 + 7200, end: t0 + 10_800)) {
            try ledger.edit(id: first, start: nil, end: t0 + 7500, tags: nil, now: now)
        }
        #expect(throws: FocusError.endNotAfterStart(start: t0 + 3600, end: t0 + 3000)) {
            try ledger.edit(id: first, start: t0 + 3600, end: t0 + 3000, tags: nil, now: now)
        }
    }

    @Test func backdatedInstantsAreChecked() throws {
        var ledger = FocusLedger()
        ledger.start(tags: [], at: t0)
        #expect(throws: FocusError.atInFuture(t0 + 60)) { try ledger.checkBackdated(t0 + 60, starting: false, now: t0 + 30) }
        #expect(throws: FocusError.self) { try ledger.checkBackdated(t0 - 60, starting: false, now: t0 + 30) }
        try ledger.checkBackdated(t0 + 10, starting: true, now: t0 + 30)
    }
}
