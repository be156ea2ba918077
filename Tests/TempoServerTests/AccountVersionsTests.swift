import Testing
@testable import TempoServer

/// The versions a cached focus status is kept under: a PostgreSQL process uses its counters only
/// while it receives every other process's notifications.
@Suite struct AccountVersionsTests {
    @Test func sqliteCountersAreCompleteAndMoveOnWithEachChange() {
        let versions = AccountVersions(complete: true)
        let first = versions.current("ada")
        versions.bump("ada")
        #expect(versions.current("ada") != first)
        #expect(versions.current("bob") == first)
    }

    @Test func countersThatMayHaveMissedChangesAreNotUsedAndEveryVersionMovesOnAfter() throws {
        let versions = AccountVersions(complete: false)
        #expect(versions.current("ada") == nil)  // before listening: read from the database
        versions.seeingAllChanges()
        let listening = try #require(versions.current("ada"))
        #expect(listening & AccountVersions.databaseVersionBit == 0)
        versions.missedChanges()
        #expect(versions.current("ada") == nil)
        versions.seeingAllChanges()
        // Nothing was bumped, yet nothing cached before the loss is used again.
        #expect(try #require(versions.current("ada")) != listening)
    }
}
