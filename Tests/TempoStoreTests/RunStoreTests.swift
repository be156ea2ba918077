import Foundation
import TempoKit
import TempoStore
import Testing

/// A settable wall clock for injected `now` (NSLock: `Mutex` needs macOS 15).
final class WallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date
    init(_ date: Date) { self.date = date }
    func withLock<T>(_ body: (inout Date) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&date)
    }
}

@Suite struct RunStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// 1 Hz fixes running north at 3 m/s from 46.05° N 14.5° E (one degree of latitude ≈ 111,133 m there).
    private func fixes(_ count: Int, from second: Int = 0) -> [LocationFix] {
        (second..<(second + count)).map { i in
            LocationFix(time: t0.addingTimeInterval(Double(i)),
                        coordinate: Coordinate(latitude: 46.05 + Double(i) * 3 / 111_133, longitude: 14.5),
                        horizontalAccuracyMeters: 4)
        }
    }

    /// Expected digests from coreutils `sha256sum` (an independent implementation).
    @Test func contentHashIsSHA256() throws {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let fit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/runs/fenix2-run.fit")
        #expect(SHA256.hex(try Data(contentsOf: fit)) == "a066d77db247c152c9583bddaecd33d36327bacc0821694ab795fe25671a8327")
    }

    @Test func importingTheSameContentTwiceStoresItOnce() throws {
        let database = try AppDatabase.inMemory()
        let record = RunRecord(source: .file, sourceName: "a.gpx", contentHash: "abc", createdAt: t0)
        let first = try database.importRun(record, segments: [fixes(100)], lapStarts: [])
        #expect(first.inserted)
        let again = RunRecord(source: .file, sourceName: "copy.gpx", contentHash: "abc", createdAt: t0)
        let second = try database.importRun(again, segments: [fixes(100)], lapStarts: [])
        #expect(!second.inserted)
        #expect(second.record.id == first.record.id)
        #expect(try database.runs().count == 1)
        let stored = try database.run(matching: String(first.record.id.uuidString.prefix(6)))
        #expect(stored.fixes.count == 100)
        #expect(abs(stored.summary().distanceMeters - 297) < 0.5)
    }

    /// Live fixes are committed at most one second after they arrive, and an unfinished run
    /// read back replays to exactly the recorder that recorded it.
    @Test func liveFixesAreCommittedWithinASecondAndReplayExactly() throws {
        let database = try AppDatabase.inMemory()
        let wall = WallClock(t0)
        let now: @Sendable () -> Date = { wall.withLock { $0 } }
        var recording = try RunRecording.start(database: database, sourceName: "test", now: now)
        var direct = RunRecorder()
        for (index, fix) in fixes(120).enumerated() {
            wall.withLock { $0 = fix.time?.addingTimeInterval(0.25) ?? $0 }
            _ = try recording.handle(.fix(fix))
            if index == 0 { try direct.start(at: fix.time) }
            direct.ingest(fix)
            if index == 60 {
                _ = try recording.handle(.command(.lap))
                try direct.lap(at: fix.time)
            }
            let committed = try #require(try database.unfinishedRun()).fixes.count
            // At most the last second (one fix at 1 Hz) is still pending.
            #expect(committed >= index)
        }
        // The process dies here: what is stored rebuilds the same run.
        let stored = try #require(try database.unfinishedRun())
        #expect(stored.fixes.count >= 119)
        let rebuilt = stored.recorder()
        #expect(abs(rebuilt.distanceMeters - direct.distanceMeters) < 3.01)
        #expect(rebuilt.lapStarts.count == 1)
    }

    @Test func continuingPausesOverTheDeadTimeAndFinishes() throws {
        let database = try AppDatabase.inMemory()
        let wall = WallClock(t0)
        let now: @Sendable () -> Date = { wall.withLock { $0 } }
        var recording = try RunRecording.start(database: database, sourceName: "test", now: now)
        for fix in fixes(60) { _ = try recording.handle(.fix(fix)) }
        try recording.flush()
        // Killed; 10 minutes later the runner continues 300 m further on.
        let stored = try #require(try database.unfinishedRun())
        var continued = RunRecording.resume(database: database, stored: stored, now: now)
        for fix in fixes(60, from: 660) { _ = try continued.handle(.fix(fix)) }
        let ending = try #require(try continued.handle(.sourceEnded(nil)))
        guard case .finished(let summary) = ending else {
            Issue.record("not finished")
            return
        }
        #expect(try database.unfinishedRun() == nil)
        #expect(summary.segments == 2)
        #expect(summary.elapsedSeconds == 719)
        #expect(summary.timerSeconds == 118)  // 59 s + 59 s: the dead time is a pause
        #expect(abs(summary.distanceMeters - 354) < 0.5)  // 177 m + 177 m, the gap is not bridged
        let reread = try database.run(matching: stored.record.id.uuidString).summary()
        #expect(reread.distanceMeters == summary.distanceMeters)
        #expect(reread.timerSeconds == summary.timerSeconds)
    }

    /// Keys during a live run (space = pause/resume, s = stop) are stored as commands; the run
    /// read back from the store has the same numbers as the one recorded.
    @Test func pauseResumeAndStopCommandsAreStoredAndReplayed() throws {
        let database = try AppDatabase.inMemory()
        let wall = WallClock(t0)
        let now: @Sendable () -> Date = { wall.withLock { $0 } }
        var recording = try RunRecording.start(database: database, sourceName: "keys", now: now)
        let all = fixes(300)
        for (index, fix) in all.enumerated() {
            wall.withLock { $0 = fix.time ?? $0 }
            if index == 100 { _ = try recording.handle(.command(.pause)) }
            if index == 200 { _ = try recording.handle(.command(.resume)) }
            _ = try recording.handle(.fix(fix))
        }
        let ending = try #require(try recording.handle(.command(.stop)))
        guard case .finished(let summary) = ending else {
            Issue.record("not finished")
            return
        }
        // Commands are stamped with the latest fix time: paused at fix 99, resumed at fix 199.
        #expect(summary.timerSeconds == 199)
        #expect(summary.elapsedSeconds == 299)
        #expect(summary.segments == 2)
        #expect(summary.dropped[.notRecording] == 100)
        let reread = try database.run(matching: recording.run.id.uuidString).summary()
        #expect(reread.distanceMeters == summary.distanceMeters)
        #expect(reread.timerSeconds == summary.timerSeconds)
        #expect(reread.movingSeconds == summary.movingSeconds)
    }

    @Test func recordingLoopConsumesAnyAsyncSequence() async throws {
        let database = try AppDatabase.inMemory()
        let recording = try RunRecording.start(database: database, sourceName: "stream", now: { Date() })
        let (stream, continuation) = AsyncStream<LocationFix>.makeStream()
        for fix in fixes(30) { continuation.yield(fix) }
        continuation.finish()
        let (commands, _) = AsyncStream<RunAction>.makeStream()
        let ending = try await RunRecording.run(recording, fixes: stream, commands: commands, clock: ContinuousClock()) { _ in }
        guard case .finished(let summary) = ending else {
            Issue.record("not finished")
            return
        }
        #expect(summary.acceptedPoints == 30)
        #expect(try database.runs().first?.finished == true)
    }
}
