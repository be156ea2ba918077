import Foundation
import GRDB
import Testing
import TempoKit
import TempoStore

/// Runs in the store's side of sync: a finished run offered until acknowledged, its deletion
/// offered once acknowledged, and a pulled run stored with the numbers of its fixes.
@Suite struct SyncRunStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z

    /// A jog north, a fix every 2 s at about 3 m/s; the last fix has no time.
    func fixes(_ count: Int) -> [LocationFix] {
        (0..<count).map { index in
            LocationFix(time: index == count - 1 ? nil : t0 + Double(index) * 2,
                        coordinate: Coordinate(latitude: 48.1 + Double(index) * 0.000054, longitude: 11.5), altitudeMeters: 520)
        }
    }

    @Test func aFinishedRunIsOfferedWithItsTimedFixesUntilAcknowledgedAndItsDeletionAfter() throws {
        let database = try AppDatabase.inMemory()
        let record = RunRecord(source: .file, sourceName: "jog.gpx", contentHash: "abc", sport: "Running", name: "Jog", createdAt: t0)
        let track = fixes(50)
        _ = try database.importRun(record, segments: [Array(track[..<20]), Array(track[20...])], lapStarts: [])
        let id = record.id.uuidString.lowercased()
        // The sport as the server names it; the fix without a time stays here.
        let expected = SyncedRun(id: id, sport: "running", name: "Jog", fixes: track.dropLast().map(SyncedRun.Fix.init))
        #expect(try database.syncOutbox() == [.run(expected)])
        try database.acknowledgePush(.run(expected.with(fixes: [])))
        #expect(try database.syncOutbox() == [])

        try database.deleteRun(matching: id)
        #expect(try database.syncOutbox() == [.runDeleted(id: id)])
        try database.acknowledgePush(.runDeleted(id: id))
        #expect(try database.syncOutbox() == [])
    }

    @Test func aPulledRunIsStoredUnderItsIdWithTheNumbersOfItsFixesOnce() throws {
        let database = try AppDatabase.inMemory()
        let id = UUID()
        let track = Array(fixes(80).dropLast())
        let pulled = SyncedRun(id: id.uuidString, sport: "running", name: nil, fixes: track.map(SyncedRun.Fix.init))
        // Without fixes (an earlier entry of the page, or a run gone since) nothing is stored.
        #expect(try database.applyPulled([.run(pulled.with(fixes: []))], cursor: 3) == 0)
        #expect(try database.runs().isEmpty)
        #expect(try database.applyPulled([.run(pulled)], cursor: 4) == 1)

        let stored = try database.run(matching: id.uuidString)
        let expected = RunAnalysis.summarize(segments: [track], settings: RunSettings(sport: .running))
        #expect(stored.record.sourceName == "tempo sync")
        #expect(stored.record.distanceMeters == expected.distanceMeters)
        #expect(stored.record.movingSeconds == expected.movingSeconds)
        #expect(stored.summary().distanceMeters == expected.distanceMeters)
        let key = id.uuidString.lowercased()
        let held: [String: Int?] = [key: 79]
        #expect(try database.heldRuns(among: [key, UUID().uuidString.lowercased()]) == held)
        // Pulled, so acknowledged: nothing goes back, and the same entry again changes nothing.
        #expect(try database.syncOutbox() == [])
        #expect(try database.applyPulled([.run(pulled.with(fixes: []))], cursor: 5) == 0)

        // Fetched again with the fixes the server was given since: the earlier pull is replaced.
        let longer = fixes(200).dropLast().map(SyncedRun.Fix.init)
        #expect(try database.applyPulled([.run(pulled.with(fixes: Array(longer)))], cursor: 5) == 1)
        #expect(try database.runs().count == 1)
        let grown: [String: Int?] = [key: 199]
        #expect(try database.heldRuns(among: [key]) == grown)
        #expect(try database.run(matching: key).record.distanceMeters
                == RunAnalysis.summarize(segments: [fixes(200).dropLast()], settings: RunSettings(sport: .running)).distanceMeters)
        #expect(try database.syncOutbox() == [])
        #expect(try database.applyPulled([.runDeleted(id: id.uuidString.lowercased())], cursor: 6) == 1)
        #expect(try database.runs().isEmpty)
        #expect(try database.syncOutbox() == [])
    }

    @Test func aStoreSyncedBeforeRunsSyncedReadsTheFeedAgainFromTheStart() throws {
        let queue = try DatabaseQueue()
        let database = try AppDatabase(queue)
        try database.applyPulled([.other], cursor: 9)
        #expect(try database.syncCursor() == 9)
        // As a store migrated before "v2 sync runs" existed, whose cursor skipped `run` changes.
        try queue.write { db in try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2 sync runs'") }
        let upgraded = try AppDatabase(queue)
        #expect(try upgraded.syncCursor() == 0)
    }
}
