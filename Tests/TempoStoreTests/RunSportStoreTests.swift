import Foundation
import TempoKit
import TempoStore
import Testing

/// A run's sport in the store: the name used, the changes of a multisport run, and the same
/// `sport`/`sports` from the stored run as from the analysis that stored it.
@Suite struct RunSportStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// 1 Hz fixes going north at `speed` m/s from 46.05° N 14.5° E (one degree of latitude ≈ 111,133 m there).
    private func fixes(_ seconds: Range<Int>, speed: Double, fromMeters start: Double = 0) -> [LocationFix] {
        seconds.map { i in
            LocationFix(time: t0.addingTimeInterval(Double(i)),
                        coordinate: Coordinate(latitude: 46.05 + (start + Double(i - seconds.lowerBound) * speed) / 111_133,
                                               longitude: 14.5),
                        horizontalAccuracyMeters: 4)
        }
    }

    /// 10 min running at 3 m/s, then 15 min cycling at 8 m/s.
    private var duathlon: [LocationFix] { fixes(0..<600, speed: 3) + fixes(600..<1500, speed: 8, fromMeters: 1800) }
    private var changes: [SportChange] {
        [SportChange(at: t0, sport: .running), SportChange(at: t0.addingTimeInterval(600), sport: .cycling)]
    }

    @Test func anImportedMultisportRunKeepsItsSportChanges() throws {
        let database = try AppDatabase.inMemory()
        let record = RunRecord(source: .file, sourceName: "duathlon.fit", contentHash: "d", sport: "running", createdAt: t0)
        let imported = try database.importRun(record, segments: [duathlon], lapStarts: [], sportChanges: changes)
        let stored = try database.run(matching: imported.record.id.uuidString)
        #expect(stored.sportChanges == changes)
        #expect(stored.record.sport == "running")
        let summary = stored.summary()
        #expect(summary.sports == RunAnalysis.summarize(
            segments: [duathlon], sportChanges: changes, settings: RunSettings(sportNamed: "running")).sports)
        #expect(summary.sports.map(\.sport) == [.running, .cycling])
        #expect(summary.sport == .cycling)
        // Deleting the run deletes its changes with it.
        try database.deleteRun(matching: imported.record.id.uuidString)
        #expect(try database.runs().isEmpty)
    }

    @Test func aLiveRunNamesNoSportUnlessGiven() throws {
        let database = try AppDatabase.inMemory()
        let recording = try RunRecording.start(database: database, sourceName: "gpsd", now: { self.t0 })
        #expect(recording.run.sport == nil)
        #expect(recording.state.sport == nil)
    }

    /// A replayed multisport file recorded live gives the recorder each sport at its instant,
    /// and the stored run, rebuilt, is cut into the same parts.
    @Test func aLiveRunTakesItsSportChangesAsTheFixesReachThem() throws {
        let database = try AppDatabase.inMemory()
        var recording = try RunRecording.start(
            database: database, sourceName: "replay duathlon.fit", sport: "running", sportChanges: changes, now: { self.t0 })
        for fix in duathlon.prefix(600) { _ = try recording.handle(.fix(fix)) }
        #expect(recording.state.sport == .running)
        for fix in duathlon.dropFirst(600) { _ = try recording.handle(.fix(fix)) }
        #expect(recording.state.sport == .cycling)
        guard case .finished(let summary) = try recording.handle(.sourceEnded(nil)) else {
            Issue.record("the recording did not finish")
            return
        }
        #expect(summary.sports.map(\.sport) == [.running, .cycling])
        let stored = try database.run(matching: recording.run.id.uuidString)
        #expect(stored.sportChanges == changes)
        #expect(stored.recorder().sport == .cycling)
        #expect(stored.summary().sports == summary.sports)
    }
}
