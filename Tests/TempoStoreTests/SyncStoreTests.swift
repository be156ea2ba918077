import Foundation
import GRDB
import Testing
import TempoKit
import TempoStore

/// The store's side of sync: what is offered for pushing, what an acknowledgement settles, and
/// a pulled page applied whole or not at all.
@Suite struct SyncStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z

    func session(_ database: AppDatabase, at offset: TimeInterval, tag: String) throws -> FocusSession {
        try database.addFocusSession(start: t0 + offset, end: t0 + offset + 1800, tags: [tag], trim: false, now: t0 + 86_400)
    }

    @Test func stoppedSessionsAndConfiguredSettingsAreOfferedUntilAcknowledged() throws {
        let database = try AppDatabase.inMemory()
        let first = try session(database, at: 0, tag: "thesis"), second = try session(database, at: 3600, tag: "math")
        // Never configured: the system's zone is nobody's choice, so settings are not offered.
        #expect(try database.syncOutbox() == [.session(SyncedFocusSession(first)), .session(SyncedFocusSession(second))])
        try database.updateFocusSettings(defaultTimeZone: "UTC") { $0.timeZoneIdentifier = "Europe/Berlin" }
        let settings = SyncedFocusSettings(tz: "Europe/Berlin", dayStart: "00:00", goalS: nil)
        #expect(try database.syncOutbox().first == .settings(settings))

        try database.acknowledgePush(.settings(settings))
        try database.acknowledgePush(.session(SyncedFocusSession(first)))
        #expect(try database.syncOutbox() == [.session(SyncedFocusSession(second))])
        // The server trimmed the second: its version replaces the local one and is settled.
        let trimmed = SyncedFocusSession(FocusSession(id: second.id, tag: "math", stopwatch: try Stopwatch(
            segments: [.init(start: t0 + 4500, end: t0 + 5400)], stoppedAt: t0 + 5400)))
        try database.acknowledgePush(.session(trimmed))
        #expect(try database.syncOutbox() == [])
        #expect(try database.focusLedger().sessions.map(SyncedFocusSession.init) == [SyncedFocusSession(first), trimmed])

        // A change made here is offered again; a session removed here is offered as a deletion.
        try database.updateFocusSettings(defaultTimeZone: "UTC") { $0.goal = .seconds(7200) }
        #expect(try database.syncOutbox() == [.settings(SyncedFocusSettings(tz: "Europe/Berlin", dayStart: "00:00", goalS: 7200))])
        try database.acknowledgePush(.settings(SyncedFocusSettings(tz: "Europe/Berlin", dayStart: "00:00", goalS: 7200)))
        let firstID = first.id.uuidString
        try database.write { db in try db.execute(sql: "DELETE FROM focus_session WHERE id = ?", arguments: [firstID]) }
        #expect(try database.syncOutbox() == [.sessionDeleted(id: firstID.lowercased())])
        try database.acknowledgePush(.sessionDeleted(id: firstID.lowercased()))
        #expect(try database.syncOutbox() == [])
    }

    @Test func aPulledPageIsAppliedWholeWithItsCursorOrNotAtAll() throws {
        let database = try AppDatabase.inMemory()
        let remote = SyncedFocusSession(FocusSession(id: UUID(), tag: "gym", stopwatch: try Stopwatch(
            segments: [.init(start: t0, end: t0 + 600)], stoppedAt: t0 + 600)))
        let broken = SyncedFocusSettings(tz: "Europe/Berlin", dayStart: "25:99", goalS: nil)
        #expect(throws: (any Error).self) { try database.applyPulled([.session(remote), .settings(broken)], cursor: 7) }
        #expect(try database.syncCursor() == 0)
        #expect(try database.focusLedger().sessions.isEmpty)

        #expect(try database.applyPulled([.session(remote), .other], cursor: 7) == 1)
        #expect(try database.syncCursor() == 7)
        #expect(try database.focusLedger().sessions.map(SyncedFocusSession.init) == [remote])
        // Pulled records are acknowledged: nothing goes back; the same page again changes nothing.
        #expect(try database.syncOutbox() == [])
        #expect(try database.applyPulled([.session(remote)], cursor: 8) == 0)
    }
}
