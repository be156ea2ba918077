import Foundation
import TempoKit
import TempoStore
import Testing

/// The resume and failure rules of ``RunRecordingSession``.
@Suite struct RunRecordingSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    private var plan: RunRecordingSession.Plan {
        RunRecordingSession.Plan(sourceName: "test", settings: RunSettings(), sport: nil, sportChanges: [])
    }

    private var now: @Sendable () -> Date {
        let t0 = t0
        return { t0 }
    }

    private func fix(_ second: Int) -> LocationFix {
        LocationFix(time: t0.addingTimeInterval(Double(second)),
                    coordinate: Coordinate(latitude: 46.05 + Double(second) * 3 / 111_133, longitude: 14.5), horizontalAccuracyMeters: 4)
    }

    /// A run left unfinished, with ten fixes committed.
    private func killedRun(in database: AppDatabase) throws -> UUID {
        var session = try RunRecordingSession.begin(database: database, plan: plan, choice: .startNew, now: now)
        for second in 0..<10 { _ = try session.recording.handle(.fix(fix(second))) }
        try session.recording.flush()
        return session.recording.run.id
    }

    @Test func continuingWithNothingUnfinishedIsRefused() throws {
        let database = try AppDatabase.inMemory()
        #expect(throws: RunRecordingError.nothingToContinue) {
            try RunRecordingSession.begin(database: database, plan: plan, choice: .resume, now: now)
        }
        #expect(try database.runs().isEmpty)
    }

    @Test func resumingContinuesTheSameRun() throws {
        let database = try AppDatabase.inMemory()
        let killed = try killedRun(in: database)
        let session = try RunRecordingSession.begin(database: database, plan: plan, choice: .decide { _ in .resume }, now: now)
        #expect(session.isResumed && session.recording.run.id == killed)
        #expect(try database.runs().count == 1)
    }

    @Test func startingNewClosesTheUnfinishedRun() throws {
        let database = try AppDatabase.inMemory()
        let killed = try killedRun(in: database)
        let session = try RunRecordingSession.begin(database: database, plan: plan, choice: .startNew, now: now)
        #expect(!session.isResumed && session.recording.run.id != killed)
        #expect(try database.unfinishedRun()?.record.id == session.recording.run.id)
        #expect(try database.run(matching: killed.uuidString).record.finished)
    }

    struct Lost: Error {}

    @Test func aSourceThatFailsBeforeItsFirstFixStoresNothing() throws {
        let database = try AppDatabase.inMemory()
        let session = try RunRecordingSession.begin(database: database, plan: plan, choice: .startNew, now: now)
        guard case .discarded = try session.end(.interrupted(Lost()), inputIsBroken: { _ in false }) else {
            Issue.record("kept an empty run")
            return
        }
        #expect(try database.runs().isEmpty)
    }

    @Test func aResumedRunIsKeptWhenItsSourceFails() throws {
        let database = try AppDatabase.inMemory()
        let killed = try killedRun(in: database)
        let session = try RunRecordingSession.begin(database: database, plan: plan, choice: .resume, now: now)
        guard case .kept(let stored, _) = try session.end(.interrupted(Lost()), inputIsBroken: { _ in false }) else {
            Issue.record("the resumed run was not kept")
            return
        }
        #expect(stored.record.id == killed && stored.fixes.count == 10)
    }

    @Test func brokenInputStoresNothingEvenAfterFixes() throws {
        let database = try AppDatabase.inMemory()
        var session = try RunRecordingSession.begin(database: database, plan: plan, choice: .startNew, now: now)
        for second in 0..<10 { _ = try session.recording.handle(.fix(fix(second))) }
        try session.recording.flush()
        guard case .discarded = try session.end(.interrupted(Lost()), inputIsBroken: { $0 is Lost }) else {
            Issue.record("kept a run from broken input")
            return
        }
        #expect(try database.runs().isEmpty)
    }
}
